// Preloaded into the server by `BENCH_CPU_PROFILE=<dir> npm run bench:throughput` (NODE_OPTIONS=--import,
// as --cpu-prof may not go there): SIGUSR2 starts V8's CPU profiler, the next SIGUSR2 writes
// <dir>/server-<pid>-<n>.cpuprofile (open it in Chrome DevTools), so only the measured seconds count.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

const dir = process.env.BENCH_CPU_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  let running = false;
  let written = 0;
  process.on('SIGUSR2', () => {
    if (!running) {
      session.post('Profiler.enable', () => session.post('Profiler.setSamplingInterval', { interval: 200 }, () => session.post('Profiler.start')));
      running = true;
      return;
    }
    running = false;
    session.post('Profiler.stop', (error, result) => {
      if (error) return console.error(error);
      const file = path.join(dir, `server-${process.pid}-${(written += 1)}.cpuprofile`);
      writeFileSync(file, JSON.stringify(result.profile));
      console.log(`CPU profile written to ${file}`);
    });
  });
}

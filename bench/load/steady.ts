import type { ServerProcess } from '../../tests/server/helpers/server-process';
import { cpuSeconds } from '../process-cpu';
import { sampleMemory } from './memory';
import { person, type Scene } from './people';
import { Recorder, summary } from './recorder';
import { robot } from './robots';

/** How often the mix says how it goes: every 5 minutes of a soak, every minute of a shorter run. */
const progressMs = (minutes: number) => (minutes >= 30 ? 5 : 1) * 60_000;

/**
 * The steady mix for `minutes`: every person (a session each) acting with pauses, every robot
 * reporting on its interval, all at once against the server; each request timed by its kind. With
 * the server's memory over the time and the CPU the server and this load generator used.
 */
export async function steadyMix(
  server: ServerProcess,
  origin: string,
  { tokens, robots, scene, minutes, thinkMs }: { tokens: string[]; robots: number; scene: Scene; minutes: number; thinkMs: number },
  around?: (name: string) => () => Promise<void>,
  say: (text: string) => void = () => {},
) {
  const recorder = new Recorder();
  const done = around?.('the steady mix');
  const memory = sampleMemory(server);
  const serverCpu = cpuSeconds(server.child.pid!) ?? NaN;
  const ownCpu = process.cpuUsage();
  const began = Date.now();
  const until = began + minutes * 60_000;
  // A line every few minutes: a soak shows how memory and answers go while it runs (the stretch since the last
  // line: a warming start or a stall shows where it was), and keeps them should the end go wrong.
  let stretch = began;
  const progress = setInterval(() => {
    const { rss, heap } = memory.now();
    const all = [...recorder.samples.values()].flat();
    const errors = [...recorder.errors.values()].reduce((total, n) => total + n, 0);
    const recent = summary(all, [{ from: stretch, to: (stretch = Date.now()) }]);
    say(
      `  ${((Date.now() - began) / 60_000).toFixed(0)} min: RSS ${rss.toFixed(0)} MiB, heap ${heap.toFixed(0)} MiB, ${all.length} answered, ${errors} errors; ` +
        `since the last line p50 ${recent.p50.toFixed(1)} ms, p95 ${recent.p95.toFixed(1)} ms, max ${recent.max.toFixed(0)} ms`,
    );
  }, progressMs(minutes));
  await Promise.all([
    ...tokens.map((token) => person(origin, token, scene, recorder, until, thinkMs)),
    ...Array.from({ length: robots }, (_, index) => robot(origin, index + 1, scene.topics, recorder, until)),
  ]);
  clearInterval(progress);
  const seconds = (Date.now() - began) / 1000;
  const own = process.cpuUsage(ownCpu);
  const used = (cpuSeconds(server.child.pid!) ?? NaN) - serverCpu;
  const memoryFigures = memory.stop();
  await done?.();
  return {
    recorder,
    seconds,
    memory: memoryFigures,
    serverCpu: used / seconds,
    ownCpu: (own.user + own.system) / 1e6 / seconds,
  };
}
export type SteadyFigures = Awaited<ReturnType<typeof steadyMix>>;

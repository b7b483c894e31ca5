import { rssOf } from '../upload/rss';
import type { ServerProcess } from '../../tests/server/helpers/server-process';

/** How often the server's resident memory is read, and how often its preload reports its heap (bench/heap-report.mjs). */
export const MEMORY_EVERY_MS = 30_000;

const MIB = 1024 * 1024;

/** The server's last heap report (bench/heap-report.mjs): V8's heap in use, in bytes. */
function lastHeapUsed(server: ServerProcess): number {
  const reports = server.output().match(/^bench-heap .*$/gm);
  return reports ? (JSON.parse(reports[reports.length - 1]!.slice('bench-heap '.length)) as { heapUsed: number }).heapUsed : NaN;
}

/** The server's RSS (VmRSS) every MEMORY_EVERY_MS from now; `stop()` gives its first, highest and last, and the heap at start and end. */
export function sampleMemory(server: ServerProcess) {
  const pid = server.child.pid!;
  const rss = [rssOf(pid)];
  const heapStart = lastHeapUsed(server);
  const timer = setInterval(() => rss.push(rssOf(pid)), MEMORY_EVERY_MS);
  return {
    /** The last RSS read and the last heap reported, in MiB. */
    now: () => ({ rss: rss[rss.length - 1]! / MIB, heap: lastHeapUsed(server) / MIB }),
    stop: () => {
      clearInterval(timer);
      rss.push(rssOf(pid));
      return {
        rssStart: rss[0]! / MIB,
        rssMax: rss.reduce((most, bytes) => Math.max(most, bytes), 0) / MIB,
        rssEnd: rss[rss.length - 1]! / MIB,
        heapStart: heapStart / MIB,
        heapEnd: lastHeapUsed(server) / MIB,
        samples: rss.length,
      };
    },
  };
}

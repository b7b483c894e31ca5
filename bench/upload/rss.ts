import { readFileSync } from 'node:fs';

/** A process's resident memory in bytes, from /proc (VmRSS). */
export const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/** Samples a process's resident memory every 50 ms; `stop()` gives the peak above the first sample. */
export function sampleRss(pid: number) {
  const base = rssOf(pid);
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 50);
  return {
    stop: () => {
      clearInterval(timer);
      return { base, peak, growth: peak - base };
    },
  };
}

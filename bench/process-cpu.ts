import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const TICKS = existsSync('/proc/self/stat') ? Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100 : 0;

/** CPU seconds a process has used (user + system), from /proc; null where there is none. */
export function cpuSeconds(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS; // utime, stime
  } catch {
    return null;
  }
}

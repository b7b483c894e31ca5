import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';

export type CommitMode = 'shipped' | 'fsync-on' | 'flush-wal';
export interface CommitFigures {
  commitsPerSecond: number;
  fsyncSetting: string;
  /** Flush calls (fsync, fdatasync, sync_file_range, msync) its process made in the kernel; null untraced. */
  flushCalls: number | null;
}

const FLUSHES = ['fsync', 'fdatasync', 'sync_file_range', 'msync'];
const script = path.join(import.meta.dirname, 'commits.ts');

/** Whether strace is installed to count system calls. */
export function canTrace(): boolean {
  try {
    execFileSync('strace', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** `commits` single-row commits on an embedded database on disk, in a process of its own, under strace when `trace`. */
export function measureCommits(mode: CommitMode, commits: number, trace: boolean): CommitFigures {
  const node = [process.execPath, '--import', 'tsx', script];
  const env = { ...process.env, COMMITS: String(commits), FLUSH_WAL: mode === 'flush-wal' ? '1' : '0', FSYNC: mode === 'fsync-on' ? 'on' : 'off' };
  const run = trace
    ? spawnSync('strace', ['-f', '-c', '-e', `trace=${FLUSHES.join(',')}`, ...node], { env, encoding: 'utf8' })
    : spawnSync(node[0]!, node.slice(1), { env, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  const figures = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as Omit<CommitFigures, 'flushCalls'>;
  // strace -c prints "% time  seconds  usecs/call  calls  errors  syscall" rows on stderr.
  const rows = run.stderr.split('\n').map((row) => row.trim().split(/\s+/));
  const flushCalls = trace ? rows.filter((row) => FLUSHES.includes(row.at(-1)!)).reduce((sum, row) => sum + Number(row[3]), 0) : null;
  return { ...figures, flushCalls };
}

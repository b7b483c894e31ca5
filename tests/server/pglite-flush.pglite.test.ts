import { expect, it } from 'vitest';
import { canTrace, measureCommits } from '../../bench/durability/flush-calls';

const traced = canTrace();
if (!traced) console.warn('[notice] strace is not installed: what the embedded database flushes at a commit is not checked');

/**
 * What the README says of the embedded database: its commits are written to the operating system but
 * never flushed to the disk, even started with fsync on, because PGlite's file system ignores the call.
 * If a PGlite release starts flushing, this fails and the README's advice changes with it.
 */
it.skipIf(!traced)(
  'the embedded database makes no flush call at a commit, whatever its fsync setting',
  () => {
    const shipped = measureCommits('shipped', 50, true);
    const asked = measureCommits('fsync-on', 50, true);
    const flushedByUs = measureCommits('flush-wal', 50, true);
    expect([shipped.fsyncSetting, asked.fsyncSetting]).toEqual(['off', 'on']);
    expect([shipped.flushCalls, asked.flushCalls]).toEqual([0, 0]);
    expect(flushedByUs.flushCalls).toBeGreaterThanOrEqual(50); // the count sees flushes when there are some
  },
  120_000,
);

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../../server/db/data-dir-lock';

const freshDir = () => mkdtempSync(path.join(tmpdir(), 'edp-lock-'));
const bootId = () => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();

/** A process that is alive while the test runs, standing in for another server. */
const otherProcess = () => spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);

describe('lockDataDir', () => {
  it('refuses a second owner while the first lives, and frees the directory on release', async () => {
    const dir = freshDir();
    const other = otherProcess();
    try {
      writeFileSync(path.join(dir, 'edp.lock'), JSON.stringify({ pid: other.pid, host: hostname(), bootId: bootId() }));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(new RegExp(`in use by process ${other.pid}`));
    } finally {
      other.kill();
    }
    await new Promise((resolve) => other.once('exit', resolve));
    const release = lockDataDir(dir); // its owner is gone: taken over
    expect(JSON.parse(readFileSync(path.join(dir, 'edp.lock'), 'utf8')).pid).toBe(process.pid);
    release();
    expect(existsSync(path.join(dir, 'edp.lock'))).toBe(false);
  });

  it('takes over a lock left before a reboot, but never one of another machine', () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, 'edp.lock'), JSON.stringify({ pid: 1, host: hostname(), bootId: 'an-earlier-boot' }));
    lockDataDir(dir)();
    writeFileSync(path.join(dir, 'edp.lock'), JSON.stringify({ pid: 999999, host: 'elsewhere', bootId: 'x' }));
    expect(() => lockDataDir(dir)).toThrow(/in use by process 999999 on elsewhere/);
  });
});

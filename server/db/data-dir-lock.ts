import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * PGlite corrupts its directory silently when two processes open it, so one process owns DATA_DIR.
 * The lock file names its owner; a lock whose owner is gone (a crash, a kill, a reboot) is taken over.
 */
export class DataDirLockedError extends Error {}

interface Owner {
  pid: number;
  host: string;
  bootId: string;
}

const bootId = () => {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return '';
  }
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

function readOwner(file: string): Owner | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Owner;
  } catch {
    return null;
  }
}

/** Another machine's lock (a shared disk) cannot be checked, so it always counts as held. */
const isStale = (owner: Owner | null, me: Owner) =>
  !owner || owner.pid === me.pid || (owner.host === me.host && (owner.bootId !== me.bootId || !alive(owner.pid)));

/** Takes the lock or throws DataDirLockedError, touching nothing else; returns the release function. */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'edp.lock');
  const me: Owner = { pid: process.pid, host: hostname(), bootId: bootId() };
  const draft = `${file}.${process.pid}`;
  writeFileSync(draft, JSON.stringify(me));
  try {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        linkSync(draft, file); // atomic: the lock appears complete or not at all
        return () => rmSync(file, { force: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const owner = readOwner(file);
        if (!isStale(owner, me)) {
          throw new DataDirLockedError(
            `${dataDir} is in use by process ${owner?.pid} on ${owner?.host}. One embedded database has one server: stop that one, or start this one with another DATA_DIR or a DATABASE_URL.`,
          );
        }
        rmSync(file, { force: true });
      }
    }
    throw new DataDirLockedError(`${dataDir} is being locked by another process at this moment; try again.`);
  } finally {
    rmSync(draft, { force: true });
  }
}

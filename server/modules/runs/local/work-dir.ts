import { chmod, chown, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RunSpec } from '../runner';
import { outputDirOf } from './output-dir';

/**
 * Before the first run, when runs are another user's: the server's data directory can be passed
 * through (to reach the runs directory) but not listed, and everything else in it (the database,
 * the stored objects) is the server's alone.
 */
export async function guardDataDir(workRoot: string, dataDir: string): Promise<void> {
  await mkdir(workRoot, { recursive: true, mode: 0o711 });
  await chmod(workRoot, 0o711);
  if (path.dirname(workRoot) !== dataDir) return;
  await chmod(dataDir, 0o711);
  for (const entry of await readdir(dataDir)) {
    const full = path.join(dataDir, entry);
    if (full === workRoot) continue;
    await chmod(full, (await stat(full)).isDirectory() ? 0o700 : 0o600);
  }
}

/** A run's own directory with its code and files (a fresh one: whatever a previous run there left is gone), owned by the run's user. */
export async function prepareWorkDir(workRoot: string, spec: RunSpec, owner: { uid: number; gid: number } | null): Promise<string> {
  const dir = path.join(workRoot, String(spec.instanceId));
  await rm(dir, { recursive: true, force: true });
  await mkdir(path.join(dir, 'tmp'), { recursive: true, mode: 0o700 });
  await mkdir(outputDirOf(dir), { mode: 0o700 });
  await writeFile(path.join(dir, spec.codeFileName), spec.code, { mode: 0o600 });
  for (const [name, content] of Object.entries(spec.files)) await writeFile(path.join(dir, path.basename(name)), content, { mode: 0o600 });
  if (owner)
    for (const entry of ['', 'tmp', path.basename(outputDirOf(dir)), spec.codeFileName, ...Object.keys(spec.files).map((name) => path.basename(name))])
      await chown(path.join(dir, entry), owner.uid, owner.gid);
  return dir;
}

export const removeWorkDir = (dir: string) => rm(dir, { recursive: true, force: true });

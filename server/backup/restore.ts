import { copyFile, mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { openDatabase } from '../db/connect';
import { DATABASE_FILE, OBJECTS_DIR, SnapshotError, verifiedManifest, type Manifest } from './manifest';

/** What a data directory may already hold and still count as empty: a fresh directory, or one `lost+found`. */
const EMPTY_ENOUGH = new Set(['lost+found']);

/**
 * Brings a snapshot back into an empty data directory: every file is checked against the manifest
 * first (nothing is written from a damaged snapshot), then the database is unpacked where the
 * server keeps it (PGlite opens it once and closes it, so it starts cleanly) and the objects are
 * copied where the local store reads them. A directory with anything in it is refused: a restore
 * never mixes two histories.
 */
export async function restoreSnapshot(snapshotDir: string, dataDir: string): Promise<Manifest> {
  const manifest = await verifiedManifest(snapshotDir);
  const present = (await readdir(dataDir).catch(() => [] as string[])).filter((name) => !EMPTY_ENOUGH.has(name));
  if (present.length) throw new SnapshotError(`${dataDir} is not empty (${present.slice(0, 3).join(', ')}…): restore into an empty data directory`);
  await mkdir(dataDir, { recursive: true });
  const archive = new Blob([await readFile(path.join(snapshotDir, DATABASE_FILE))]);
  const database = await openDatabase({ kind: 'pglite', dir: dataDir, from: archive });
  await database.close();
  for (const file of manifest.objects) {
    const to = path.join(dataDir, ...file.path.split('/'));
    await mkdir(path.dirname(to), { recursive: true });
    await copyFile(path.join(snapshotDir, ...file.path.split('/')), to);
  }
  await mkdir(path.join(dataDir, OBJECTS_DIR), { recursive: true });
  return manifest;
}

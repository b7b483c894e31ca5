import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/** The file a snapshot's contents are listed in, written last: a directory without it is no snapshot. */
export const MANIFEST = 'manifest.json';
/** The embedded database's files, as PGlite archives them (a tar). */
export const DATABASE_FILE = 'database.tar';
/** Where the local object store's files are copied, by their keys. */
export const OBJECTS_DIR = 'objects';

export interface SnapshotFile {
  /** Relative to the snapshot's directory, '/'-separated. */
  path: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: 1;
  takenTime: string;
  database: SnapshotFile;
  objects: SnapshotFile[];
}

/** A file's SHA-256 (hex), read once as a stream. */
export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

export class SnapshotError extends Error {}

/** The snapshot's manifest, each file it lists checked against its size and SHA-256; a SnapshotError names the first that differs. */
export async function verifiedManifest(dir: string): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as Manifest;
  } catch {
    throw new SnapshotError(`${dir} holds no complete snapshot: ${MANIFEST} is missing or unreadable`);
  }
  if (manifest.format !== 1) throw new SnapshotError(`${dir}: snapshot format ${String(manifest.format)} is not one this server reads`);
  for (const file of [manifest.database, ...manifest.objects]) {
    const full = path.join(dir, ...file.path.split('/'));
    const sha256 = await sha256Of(full).catch(() => null);
    if (sha256 !== file.sha256) throw new SnapshotError(`${dir}: ${file.path} is ${sha256 === null ? 'missing' : 'not as it was taken (its SHA-256 differs)'}`);
  }
  return manifest;
}

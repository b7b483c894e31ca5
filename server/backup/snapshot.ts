import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DATABASE_FILE, MANIFEST, OBJECTS_DIR, type Manifest, type SnapshotFile } from './manifest';

/** What a snapshot is taken of: the embedded database's archive, and the local object store's directory. */
export interface SnapshotSource {
  /** The database's files as one consistent archive (PGlite dumps them with no query running). */
  archive: () => Promise<Blob>;
  objectsRoot: string;
}

const PARTIAL = '.partial';
const NAME = /^edp-\d{8}T\d{6}Z$/;

/** Copies a stream to a file, taking its size and SHA-256 on the way. */
async function copyHashed(from: Readable, to: string, relative: string): Promise<SnapshotFile> {
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await mkdir(path.dirname(to), { recursive: true });
  await pipeline(from, tap, createWriteStream(to));
  return { path: relative, size, sha256: hash.digest('hex') };
}

/** The local store's writes in progress (local-layout.ts): not yet objects, so not part of a snapshot. */
const IN_PROGRESS = '.tmp/';

/** Every file under `root`, as '/'-separated paths relative to it; none when it does not exist. */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((key) => !key.startsWith(IN_PROGRESS))
    .sort();
}

/**
 * A snapshot in a new directory under `parent`, named by its time: the database first, then the
 * objects (an object deleted meanwhile is skipped; one written meanwhile and not yet in the
 * database is an orphan, harmless), then the manifest with every file's size and SHA-256. It is
 * built under a temporary name and renamed when whole, so a crash never leaves a snapshot that
 * looks complete.
 */
export async function takeSnapshot(source: SnapshotSource, parent: string, now: Date): Promise<{ dir: string; manifest: Manifest }> {
  const name = `edp-${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}`;
  const dir = path.join(parent, name);
  const building = `${dir}${PARTIAL}`;
  await rm(building, { recursive: true, force: true });
  await mkdir(building, { recursive: true });
  try {
    const archive = await source.archive();
    const database = await copyHashed(Readable.fromWeb(archive.stream() as never), path.join(building, DATABASE_FILE), DATABASE_FILE);
    const objects: SnapshotFile[] = [];
    for (const key of await filesUnder(source.objectsRoot)) {
      const relative = `${OBJECTS_DIR}/${key}`;
      try {
        objects.push(
          await copyHashed(createReadStream(path.join(source.objectsRoot, ...key.split('/'))), path.join(building, ...relative.split('/')), relative),
        );
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    const manifest: Manifest = { format: 1, takenTime: now.toISOString(), database, objects };
    await writeFile(path.join(building, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await rename(building, dir);
    return { dir, manifest };
  } catch (error) {
    await rm(building, { recursive: true, force: true });
    throw error;
  }
}

/** Keeps the newest `keep` snapshots under `parent` and removes the older ones, and any left half-built by a crash. */
export async function pruneSnapshots(parent: string, keep: number): Promise<string[]> {
  const names = (await readdir(parent).catch(() => [] as string[])).sort();
  const stale = [...names.filter((name) => name.endsWith(PARTIAL)), ...names.filter((name) => NAME.test(name)).slice(0, -keep || undefined)];
  for (const name of stale) await rm(path.join(parent, name), { recursive: true, force: true });
  return stale;
}

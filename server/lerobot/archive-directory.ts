import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { pack } from 'tar-stream';

/** Every regular file under `dir`, as paths relative to it with forward slashes, sorted (a stable archive order). */
async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(join(dir, prefix), { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const relative = prefix ? posix.join(prefix, entry.name) : entry.name;
    if (entry.isDirectory()) files.push(...(await filesUnder(dir, relative)));
    else if (entry.isFile()) files.push(relative);
  }
  return files;
}

/**
 * A .tar archive of the directory's files (paths relative to it), as a stream made with tar-stream: each file is read
 * from disk as the archive is consumed, so memory holds a read buffer, not the dataset. An error (a file gone) ends the
 * stream with that error.
 */
export function archiveDirectory(dir: string): Readable {
  const archive = pack();
  void (async () => {
    for (const file of await filesUnder(dir)) {
      const { size, mtime } = await stat(join(dir, file));
      const entry = archive.entry({ name: file, size, mtime, mode: 0o644 });
      await pipeline(createReadStream(join(dir, file)), entry);
    }
    archive.finalize();
  })().catch((error: unknown) => archive.destroy(error instanceof Error ? error : new Error(String(error))));
  // tar-stream's streams are streamx's: a Node Readable over its async iteration (backpressure, errors and destroy carry over).
  return Readable.from(archive, { objectMode: false });
}

import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { UPLOAD_EXTENSIONS } from '../../model/schemas/upload';

export const isRecording = (name: string) => UPLOAD_EXTENSIONS.some((extension) => name.toLowerCase().endsWith(extension));

/**
 * Recordings as they appear in a directory: a file is handed over once its size has stayed the
 * same for one whole interval (a recorder still writing it grows it), and only once per run.
 * Stops when `signal` aborts.
 */
export async function watchDirectory(
  dir: string,
  handle: (path: string) => Promise<void>,
  { intervalMs = 5000, signal }: { intervalMs?: number; signal?: AbortSignal } = {},
) {
  const sizes = new Map<string, number>();
  const handed = new Set<string>();
  while (!signal?.aborted) {
    for (const name of (await readdir(dir)).filter(isRecording).sort()) {
      const path = join(dir, name);
      if (handed.has(path)) continue;
      const { size } = await stat(path).catch(() => ({ size: -1 }));
      if (size > 0 && sizes.get(path) === size) {
        handed.add(path);
        await handle(path);
      } else sizes.set(path, size);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

import { constants } from 'node:fs';
import { open, readdir } from 'node:fs/promises';
import path from 'node:path';
import { FILE_NAME } from '../../../../model/schemas/limits';
import type { LogSink } from '../runner';

/** The directory a run writes what it produced to (`$EDP_OUTPUT_DIR`), inside its own. */
export const outputDirOf = (workDir: string) => path.join(workDir, 'output');

/**
 * Hands the files a succeeded run left in its output directory to the sink, one after another. Only
 * regular files at its top are taken, each opened without following a link (a run's user could
 * point one at the server's own files). Resolves with why one could not be kept, or null.
 */
export async function handOverOutput(workDir: string, sink: LogSink): Promise<string | null> {
  if (!sink.keepFile) return null;
  const dir = outputDirOf(workDir);
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (!FILE_NAME.test(entry.name) || entry.name.length > 128) return `${entry.name}: a name is letters, digits, underscore, hyphen and period`;
    if (!entry.isFile()) continue;
    const handle = await open(path.join(dir, entry.name), constants.O_RDONLY | constants.O_NOFOLLOW).catch(() => null);
    if (!handle) continue;
    try {
      await sink.keepFile(entry.name, handle.createReadStream({ autoClose: false }));
    } catch (error) {
      return `${entry.name}: ${error instanceof Error ? error.message : String(error)}`;
    } finally {
      await handle.close();
    }
  }
  return null;
}

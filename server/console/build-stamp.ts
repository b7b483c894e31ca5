import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const CONSOLE_DIR = path.join(ROOT, 'dist/app');
const STAMP_FILE = path.join(CONSOLE_DIR, '.build-stamp');

/** Everything the console build reads from this repository (the model too: the route table and the entities' info are built in). */
const INPUTS = ['src', 'model', 'scripts', 'locales', 'public', 'index.html', 'vite.config.ts', 'package-lock.json', 'tsconfig.json'];

function files(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full)
    .sort()
    .flatMap((name) => files(path.join(entry, name)));
}

/** A hash of the console's sources: the build is stale when it differs from the one it was made from. */
export function sourceStamp(): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(files))
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(ROOT, file)))
      .update('\0');
  return hash.digest('hex');
}

export const builtStamp = (): string | null =>
  existsSync(STAMP_FILE) && existsSync(path.join(CONSOLE_DIR, 'index.html')) ? readFileSync(STAMP_FILE, 'utf8').trim() : null;

export const STAMP_PATH = STAMP_FILE;

import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/** The CSP sources that allow exactly the inline scripts of a document: their SHA-256 hashes. */
export const inlineScriptSources = (html: string): string[] =>
  [...html.matchAll(INLINE_SCRIPT)].map(([, body]) => `'sha256-${createHash('sha256').update(body!).digest('base64')}'`);

/**
 * Those of every document of the console build (the signed-in one draws its frame inline:
 * scripts/signed-in-document.ts). Read once at start, as the documents are: a new build is served from
 * the next start. No other inline script may run.
 */
export async function consoleScriptSources(dir: string): Promise<string[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.html'));
  const documents = await Promise.all(names.map((name) => readFile(path.join(dir, name), 'utf8')));
  return [...new Set(documents.flatMap(inlineScriptSources))];
}

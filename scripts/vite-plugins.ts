import { cpSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Spec §2: the code editor loads its files from /app/monaco-editor/min/vs, copied from the package (no CDN). */
export function monacoFiles(outDir: string): Plugin {
  const source = path.resolve(import.meta.dirname, '../node_modules/monaco-editor/min/vs');
  return {
    name: 'edp-monaco-files',
    apply: 'build',
    writeBundle() {
      if (!existsSync(source)) throw new Error('monaco-editor is not installed');
      cpSync(source, path.join(outDir, 'monaco-editor/min/vs'), { recursive: true });
    },
  };
}

const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json', '.ttf']);

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* walk(file);
    else yield file;
  }
}

/** Writes .gz (and, for the app's own files, .br) beside each text file, for the server to send as is. */
export function precompress(outDir: string): Plugin {
  return {
    name: 'edp-precompress',
    apply: 'build',
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.has(path.extname(file)) || statSync(file).size < 1024) continue;
        const content = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        if (!file.includes(`${path.sep}monaco-editor${path.sep}`)) {
          writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        }
      }
    },
  };
}

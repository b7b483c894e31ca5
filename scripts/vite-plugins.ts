import { cpSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { SRC } from './route-roots.ts';

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

const inAntd = (file: string) => new RegExp(`[\\\\/]antd[\\\\/]es[\\\\/]${file.replaceAll('/', '[\\\\/]').replaceAll('.', '\\.')}$`);
const SHIMS = path.join(SRC, 'boot/shims');

/**
 * Parts of antd's table that every table imports and the console's never draw, each pointed at a
 * shim that loads the real one when a table first draws it: the column filter dropdown
 * (the console filters with forms above its lists) and the radio of single-choice row selection.
 * And antd's form context, which every input imports for its provider only: from rc-field-form's
 * index that named the whole form engine and its validator (~46 kB) on a list's way; from the
 * module that defines it, the same provider and context the form later uses.
 */
const ON_DEMAND = [
  { importer: inAntd('table/hooks/useFilter/index.js'), source: './FilterDropdown', shim: path.join(SHIMS, 'table-filter-dropdown.tsx') },
  { importer: inAntd('table/hooks/useSelection.js'), source: '../../radio', shim: path.join(SHIMS, 'table-selection-radio.tsx') },
  { importer: inAntd('form/context.js'), source: 'rc-field-form', shim: createRequire(import.meta.url).resolve('rc-field-form/es/FormContext.js') },
];

export function antdPartsOnDemand(): Plugin {
  return {
    name: 'edp-antd-parts-on-demand',
    enforce: 'pre',
    resolveId: (source, importer) => (importer ? ON_DEMAND.find((part) => part.source === source && part.importer.test(importer))?.shim : undefined),
  };
}

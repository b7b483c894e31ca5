import path from 'node:path';
import { build, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import { SIGNED_IN_DOCUMENT } from '../model/resources/documents.ts';
import { LIST_CHUNK, SHARED, SIGNED_IN_CHUNK } from './route-chunks.ts';
import { BOOT } from './route-roots.ts';

const FRAME_SCRIPT = path.resolve(import.meta.dirname, '../src/boot/first-frame-script.ts');
/** The comment vite leaves in a library's stylesheet. */
const VITE_MARK = /\/\*\$vite\$:\d+\*\//g;

/** What the signed-in document adds to index.html. */
export interface SignedInParts {
  base: string;
  /** The entry's styles (its own few rules), put in the document. */
  entryStyles: { fileName: string; source: string }[];
  /** The chunks a signed-in route loads beside the entry, and their styles. */
  chunks: { fileName: string; styles: string[] }[];
  /** The frame's script (first-frame-script.ts) and its styles. */
  frame: { script: string; style: string };
}

const replaceOnce = (html: string, find: string, put: string) => {
  if (!html.includes(find)) throw new Error(`signed-in document: index.html has no ${find}`);
  return html.replace(find, () => put);
};

const modulePreload = (base: string, fileName: string) => `<link rel="modulepreload" crossorigin href="${base}${fileName}">`;

/**
 * index.html with the chunks the entry imports at start (BOOT's) preloaded:
 * every page loads them, and each import waits for the one before it (src/main.tsx), so found only
 * then they would be a step of requests each.
 */
export function startChunksPreloaded(html: string, base: string, fileNames: string[]): string {
  return replaceOnce(html, '</head>', `  ${fileNames.map((fileName) => modulePreload(base, fileName)).join('\n    ')}\n  </head>`);
}

const missingChunk = (): never => {
  throw new Error('signed-in document: a chunk the entry imports at start was not built');
};

const inline = (tag: 'script' | 'style', body: string) => {
  if (body.includes(`</${tag}`)) throw new Error(`signed-in document: the inline ${tag} would end early`);
  return `<${tag}>${body}</${tag}>`;
};

/**
 * index.html made the signed-in document. Nothing in it holds the first paint, so the
 * frame its inline script draws as the parser meets it is painted before any of the console's code
 * has come: the entry's styles are in the document, and those of the shared and signed-in chunks are
 * preloaded and linked for print, so parsed as they come; the shell puts them on the screen and waits
 * for them before its first render (src/app/early-styles.ts). The chunks themselves are preloaded, so
 * a cold list fetches them beside the entry.
 */
export function signedInHtml(html: string, { base, entryStyles, chunks, frame }: SignedInParts): string {
  let out = html;
  for (const { fileName, source } of entryStyles)
    out = replaceOnce(out, `<link rel="stylesheet" crossorigin href="${base}${fileName}">`, inline('style', source.trim()));
  const links = chunks.flatMap((chunk) => [
    modulePreload(base, chunk.fileName),
    ...chunk.styles.flatMap((css) => [
      `<link rel="preload" as="style" crossorigin href="${base}${css}">`,
      // parsed as it comes, not when the route's code links it; the shell applies it (src/app/early-styles.ts)
      `<link rel="stylesheet" media="print" data-edp-early crossorigin href="${base}${css}">`,
    ]),
  ]);
  out = replaceOnce(out, '</head>', `  ${[...links, inline('style', frame.style)].join('\n    ')}\n  </head>`);
  return replaceOnce(out, '<div id="root"></div>', `<div id="root"></div>\n    ${inline('script', frame.script)}`);
}

/** The frame's script as one classic script with its styles beside it: it runs where the parser meets it, before any module. */
async function frameParts(config: ResolvedConfig): Promise<SignedInParts['frame']> {
  const outputs = (await build({
    configFile: false,
    logLevel: 'silent',
    base: config.base,
    define: config.define,
    build: {
      write: false,
      lib: { entry: FRAME_SCRIPT, formats: ['iife'], name: 'edpFirstFrame' },
      // its few modules of ours, not the packages their other exports import (react, for settings' hook)
      rollupOptions: { treeshake: { moduleSideEffects: (id: string) => !id.includes('node_modules') } },
    },
  })) as Rollup.RollupOutput[];
  const files = outputs.flatMap((each) => each.output);
  const script = files.find((file): file is Rollup.OutputChunk => file.type === 'chunk');
  const style = files.find((file): file is Rollup.OutputAsset => file.type === 'asset' && file.fileName.endsWith('.css'));
  if (!script || !style) throw new Error('signed-in document: the frame script built no script or no styles');
  return { script: script.code.trim(), style: String(style.source).replace(VITE_MARK, '').trim() };
}

/** Writes the signed-in document (src/app/documents.ts) beside index.html. */
export function signedInDocument(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'edp-signed-in-document',
    apply: 'build',
    enforce: 'post',
    configResolved: (resolved) => void (config = resolved),
    async generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') return;
      const files = Object.values(bundle);
      const chunks = files.filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
      const cssOf = (chunk: Rollup.OutputChunk) => [...(chunk.viteMetadata?.importedCss ?? [])];
      const entryStyles = chunks
        .filter((chunk) => chunk.isEntry)
        .flatMap(cssOf)
        .map((fileName) => ({ fileName, source: String((bundle[fileName] as Rollup.OutputAsset).source) }));
      // in the order the entry imports them
      const startChunks = BOOT.map(({ chunk: name }) => chunks.find((chunk) => chunk.name === name));
      html.source = startChunksPreloaded(
        String(html.source),
        config.base,
        startChunks.map((chunk) => chunk?.fileName ?? missingChunk()),
      );
      const source = signedInHtml(html.source, {
        base: config.base,
        entryStyles,
        chunks: chunks
          .filter((chunk) => [SHARED, SIGNED_IN_CHUNK, LIST_CHUNK].includes(chunk.name))
          .map((chunk) => ({ fileName: chunk.fileName, styles: cssOf(chunk) })),
        frame: await frameParts(config),
      });
      this.emitFile({ type: 'asset', fileName: SIGNED_IN_DOCUMENT, source });
    },
  };
}

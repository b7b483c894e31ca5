import { readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type InlineConfig } from 'vite';
import { CORE_NAMESPACES } from './src/providers/core-namespaces.ts';
import { LANGUAGES } from './model/schemas/languages.ts';
import { antdDefaultThemeStyles } from './scripts/antd-static-style.ts';
import { antdStyleHooks } from './scripts/antd-style-hooks.ts';
import { entityInfoModules } from './scripts/entity-info.ts';
import { routeChunkGroups } from './scripts/route-chunks.ts';
import { signedInDocument } from './scripts/signed-in-document.ts';
import { monacoFiles, precompress, antdPartsOnDemand } from './scripts/vite-plugins.ts';

const outDir = path.resolve(import.meta.dirname, 'dist/app');

/** Packages that do nothing when imported, so the bundler may drop them when their exports go unused. */
const SIDE_EFFECT_FREE = /[\\/]node_modules[\\/](papaparse|error-stack-parser|stackframe|rc-[^\\/]+|@rc-component[\\/][^\\/]+)[\\/]/;

/** A language's core catalogues load together at start (one chunk); the others come with their pages. */
const chunkGroup = (id: string): string | null => {
  const [, language, namespace] = /[\\/]locales[\\/](\w+)[\\/](\w+)\.json/.exec(id) ?? [];
  return language && CORE_NAMESPACES.includes(namespace!) ? `locale-${language}` : null;
};

/**
 * What the entry imports statically is loaded by every page anyway: in the entry's own chunk it is one
 * request, not the sixteen it was split into (a browser asks for six at a time; issue #11).
 */
const BOOT = { name: 'boot', tags: ['$initial' as const] };

/** The brand in each language, from the sign-in catalogues: the frame drawn before any catalogue is in shows it (src/app/first-frame.ts). */
const BRANDS = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    (JSON.parse(readFileSync(path.resolve(import.meta.dirname, `locales/${language}/login.json`), 'utf8')) as { brand: string }).brand,
  ]),
);

/** react-router's packages name only its development build; a build takes the production one (no dev-only checks per render). */
const REACT_ROUTER_PRODUCTION = path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs');

/** The console's build; `routeGroups` the chunks by route (scripts/route-chunks.ts), found from a build without them. */
const consoleConfig = (routeGroups: { name: string; test: (id: string) => boolean }[], probe = false, build = false): InlineConfig => ({
  base: '/app/',
  define: {
    'import.meta.env.EDP_BRANDS': JSON.stringify(BRANDS),
    // The code editor's loader puts an AMD `define` on the page, and a bundled UMD package that asks for it
    // first (lodash, classnames) hands itself to that loader instead of its bundled CommonJS wrapper, which
    // then exports nothing: a chart opened after an editor failed to load. Bundled code never has a loader.
    'define.amd': 'false',
  },
  plugins: [
    react(),
    antdDefaultThemeStyles(),
    antdStyleHooks(),
    antdPartsOnDemand(),
    entityInfoModules(),
    // The probe's split has none of the chunks the documents name.
    ...(probe ? [] : [signedInDocument(), monacoFiles(outDir), precompress(outDir)]),
  ],
  resolve: {
    // Browser built-ins in place of two polyfill stacks, and a remembered scrollbar measurement (see the files for why each is safe).
    alias: [
      { find: 'resize-observer-polyfill', replacement: path.resolve(import.meta.dirname, 'src/boot/shims/resize-observer.ts') },
      { find: 'rc-util/es/getScrollBarSize', replacement: path.resolve(import.meta.dirname, 'src/boot/shims/scrollbar-size.ts') },
      { find: 'side-channel', replacement: path.resolve(import.meta.dirname, 'src/boot/shims/side-channel.cjs') },
      ...(build ? [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] : []),
    ],
  },
  build: {
    outDir,
    emptyOutDir: true,
    // What the browser fetches per route is measured by `npm run bench:bundle` (issue #3 budget).
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      treeshake: { moduleSideEffects: (id: string) => !SIDE_EFFECT_FREE.test(id) },
      output: { codeSplitting: { groups: [{ name: chunkGroup, debugName: 'locale' }, BOOT, ...routeGroups] } },
    },
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});

export default defineConfig(async ({ command }) =>
  command === 'build' ? consoleConfig(await routeChunkGroups(consoleConfig([], true, true)), false, true) : consoleConfig([]),
);

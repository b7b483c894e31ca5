import { createRequire } from 'node:module';
import { createElement } from 'react';
import type { Plugin } from 'vite';
import { foldBoxSizingResets } from './antd-box-sizing.ts';
import { componentsUsed, drawable, lazyAntdDraws, samples, type Any } from './antd-samples.ts';
import { SIGNED_IN, SRC } from './route-roots.ts';
import { antdComponentsOf, LAZY_ANTD, pascal, staticClosure } from './source-imports.ts';
import { themeTokens } from '../src/boot/theme-tokens.ts';
import { DEFAULT_SETTINGS } from '../src/providers/settings.ts';

/** The console shell's sheet: the styles of the components a signed-in list draws, and antd's map of both sheets. */
const LIST_ID = 'virtual:antd-default-theme.css';
/** The other components' styles: imported by each module that imports one of them (added by this plugin). */
export const MORE_ID = 'virtual:antd-more-styles.css';
const resolved = (id: string) => `/${id.slice('virtual:'.length)}`;

/** antd's map of the styles a sheet holds, the rule it writes last (`path:hash;…`). */
const MAP_RULE = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)";\}/;
/** Where the first sheet ends and the second starts, while both are folded as one. */
const SHEET_BREAK = '/*edp-sheet-break*/';
/** A style's cache key, `style%<token hash>%<Component-Part>%<prefix class>%anticon`: its prefix class. */
const prefixOf = (key: string) => key.split('%')[3];

interface Sheets {
  list: string;
  more: string;
  /** The components whose styles are in the first sheet, and in the second. */
  listNames: Set<string>;
  moreNames: Set<string>;
}

/**
 * Every component the console uses, rendered in the default theme; those a signed-in list loads
 * first. The styles they registered, and any of a class that list's code writes itself, are the
 * first sheet; the rest the second. The first carries antd's map of both: a module that draws one
 * of the others imports the second sheet, so the browser has it before that module runs.
 */
function renderSheets(): Sheets {
  const require = createRequire(import.meta.url);
  const antd = require('antd') as Record<string, Any> & typeof import('antd');
  const { createCache, extractStyle, StyleProvider } = require('@ant-design/cssinjs') as typeof import('@ant-design/cssinjs');
  const { renderToString } = require('react-dom/server') as typeof import('react-dom/server');
  const cache = createCache();
  const theme = { algorithm: antd.theme.defaultAlgorithm, token: themeTokens(DEFAULT_SETTINGS) };
  const { names, listNames, listClasses, parts } = componentsUsed();
  const render = (name: string) => {
    for (const sample of samples(name, antd, parts))
      try {
        renderToString(createElement(StyleProvider, { cache }, createElement(antd.ConfigProvider, { theme }, sample)));
      } catch {
        // a part that cannot stand alone (Form.List wants a render function): drawn at run time, its
        // styles would be missing, loading antd's style code (the end-to-end suite fails on that)
      }
  };
  const drawn = names.filter((name) => drawable(name, antd));
  drawn.filter((name) => listNames.has(name)).forEach(render);
  const listKeys = new Set([...cache.cache.keys()]);
  const moreNames = new Set(drawn.filter((name) => !listNames.has(name)));
  moreNames.forEach(render);
  for (const key of cache.cache.keys()) if (listClasses.has(prefixOf(key)!)) listKeys.add(key);
  // extractStyle's `once` leaves out what the cache marks extracted: each sheet is one call with the other's keys marked.
  const extract = (keys: (key: string) => boolean) => {
    cache.extracted = new Set([...cache.cache.keys()].filter((key) => !keys(key)));
    const css = extractStyle(cache, { plain: true, once: true });
    return { css: css.replace(MAP_RULE, ''), map: MAP_RULE.exec(css)?.[1] ?? '' };
  };
  const list = extract((key) => listKeys.has(key));
  const more = extract((key) => !listKeys.has(key));
  const map = [list.map, more.map].filter(Boolean).join(';');
  // Both sheets' box-sizing resets folded into the first's one rule: a second sheet with such a rule for
  // every antd element restyled the whole page it was added to (a record page opened from a list).
  const [listCss, moreCss] = foldBoxSizingResets(`${list.css}${SHEET_BREAK}${more.css}`).split(SHEET_BREAK);
  // The map in both: antd reads it once, from whichever sheet a page has first (a notice on the sign-in page, an error page).
  const mapRule = `.data-ant-cssinjs-cache-path{content:"${map}";}`;
  return { list: `${listCss}${mapRule}`, more: `${moreCss}${mapRule}`, listNames: new Set(drawn.filter((name) => listNames.has(name))), moreNames };
}

/**
 * antd 5 writes each component's styles at run time, on its first use: on a cold list load that was
 * the largest single cost of the main thread (style objects built, serialised and injected one
 * <style> at a time, each injection scanning the ones before it). Rendered once here instead, into
 * stylesheets, each of which also carries antd's map of what they hold (the
 * `data-ant-cssinjs-cache-path` rule): at run time antd finds each component's styles in that map and
 * writes nothing. A cold list loads only the first (half of the one sheet it was styled
 * components no list draws). Only the default preferences are covered; another colour, font or the
 * dark theme gets run-time styles, from antd's style code loaded for them (scripts/antd-style-hooks.ts).
 */
export function antdDefaultThemeStyles(): Plugin {
  let sheets: Sheets | undefined;
  const made = () => (sheets ??= renderSheets());
  let shell: Set<string> | undefined;
  return {
    name: 'edp-antd-default-theme-styles',
    resolveId: (id) => ([LIST_ID, MORE_ID].includes(id) ? resolved(id) : undefined),
    load: (id) => (id === resolved(LIST_ID) ? made().list : id === resolved(MORE_ID) ? made().more : undefined),
    transform(code, id) {
      if (!id.startsWith(SRC) || !/\.tsx?$/.test(id)) return undefined;
      const { listNames, moreNames } = made();
      const drawn = [...antdComponentsOf(code)];
      // The console shell imports the first sheet; a page outside it (an error page) that draws those components, too.
      const sheets = [
        ...(drawn.some((name) => listNames.has(name)) && !(shell ??= staticClosure(SIGNED_IN)).has(id) ? [LIST_ID] : []),
        ...(drawn.some((name) => moreNames.has(name)) ? [MORE_ID] : []),
      ];
      // A part of antd loaded later by its path (the table's filter dropdown) comes with the sheet that holds what it draws.
      const lazy = code.replace(LAZY_ANTD, (call, module: string) =>
        lazyAntdDraws(module).some((name) => moreNames.has(name) || moreNames.has(pascal(name)))
          ? `Promise.all([${call}, import('${MORE_ID}')]).then(([module]) => module)`
          : call,
      );
      if (!sheets.length && lazy === code) return undefined;
      // At the end, where no line moves: an import runs before the module's code wherever it stands.
      return { code: sheets.reduce((text, sheet) => `${text}\nimport '${sheet}';\n`, lazy), map: null };
    },
  };
}

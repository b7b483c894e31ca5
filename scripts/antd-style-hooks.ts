import path from 'node:path';
import type { Plugin } from 'vite';
import { ANTD_ES, recordStyleModules, type StyleExport, type StyleModules } from './antd-style-modules.ts';
import { SRC } from './route-roots.ts';

const GENERATORS = path.join(SRC, 'boot/shims/antd-style-generators.ts');
/** The module that imports antd's style code; in a build, written here (in the console's own runs, nothing: antd's modules are used as they are). */
export const GENERATOR_MODULES = path.join(SRC, 'boot/shims/antd-style-generator-modules.ts');
const THEME_INTERNAL = path.join(ANTD_ES, 'theme/internal.js');
const HOOKS = '\0antd-style-hooks:';
const CAPTURE = '\0antd-style-capture';

const underAntd = (id: string) => (id.startsWith(ANTD_ES + path.sep) ? path.relative(ANTD_ES, id).split(path.sep).join('/') : undefined);
/** antd's style code: its modules import one another's helpers, and always the real ones. */
const isStyleCode = (file: string) => /(^|\/)style(\/|\.js$)/.test(file);
const json = (value: unknown) => JSON.stringify(value);

function exportLine(file: string, name: string, made: StyleExport): string {
  const head = name === 'default' ? 'export default' : `export const ${name} =`;
  if ('literal' in made) return `${head} ${json(made.literal)};`;
  const key = json(`${file}#${name}`);
  const token = made.withToken ? `lazyToken(${key})` : 'undefined';
  return `${head} ${made.factory}(${json(made.component)}, lazyStyle(${key}), ${token}${made.options ? `, ${json(made.options)}` : ''});`;
}

/** A style module as the console's pages import it: the same hooks, made with the same names and options, whose style and token functions are looked up when called. */
export function hooksModule(file: string, exports: Record<string, StyleExport>): string {
  return [
    `import { genStyleHooks, genComponentStyleHook, genSubStyleComponent } from ${json(THEME_INTERNAL)};`,
    `import { lazyStyle, lazyToken } from ${json(GENERATORS)};`,
    ...Object.entries(exports).map(([name, made]) => exportLine(file, name, made)),
  ].join('\n');
}

/** Every style module, each one's hooks registered under its path. */
export function generatorModules(modules: StyleModules): string {
  const files = [...modules].filter(([, exports]) => Object.values(exports).some((made) => 'factory' in made)).map(([file]) => file);
  return [
    `import { register } from ${json(GENERATORS)};`,
    ...files.map((file, index) => `import * as m${index} from ${json(path.join(ANTD_ES, file))};`),
    ...files.map((file, index) => `register(${json(file)}, m${index});`),
  ].join('\n');
}

/** theme/internal as the style modules see it: each factory hands over the style and token functions it was given. */
const captureModule = () =>
  [
    `export * from ${json(THEME_INTERNAL)};`,
    `import * as internal from ${json(THEME_INTERNAL)};`,
    `import { capture } from ${json(GENERATORS)};`,
    ...['genStyleHooks', 'genComponentStyleHook', 'genSubStyleComponent'].map(
      (factory) => `export const ${factory} = (...args) => capture(internal.${factory}(...args), args);`,
    ),
  ].join('\n');

/**
 * antd's style code (the functions that turn a theme into a component's CSS, ~190 kB of the
 * signed-in chunk) never runs in the default theme: its styles are built into the stylesheets
 * (antd-static-style.ts), where antd finds them. So the console's pages get each style module's
 * hooks made again without it, and the code itself is one lazy chunk (src/shims/antd-style-generators.ts
 * loads it when another theme is chosen). Buys: bytes a cold list downloads and compiles.
 */
export function antdStyleHooks(): Plugin {
  let modules: StyleModules | undefined;
  const recorded = () => (modules ??= recordStyleModules());
  return {
    name: 'edp-antd-style-hooks',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer || !/style|theme\/internal/.test(source) || importer.startsWith('\0')) return undefined;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      const file = resolved && underAntd(resolved.id);
      const from = underAntd(importer);
      if (resolved?.id === THEME_INTERNAL && from && recorded().has(from)) return CAPTURE;
      if (!file || !recorded().has(file) || importer === GENERATOR_MODULES || (from && isStyleCode(from))) return undefined;
      return `${HOOKS}${file}`;
    },
    load(id) {
      if (id === CAPTURE) return captureModule();
      if (id.startsWith(HOOKS)) return hooksModule(id.slice(HOOKS.length), recorded().get(id.slice(HOOKS.length))!);
      if (id === GENERATOR_MODULES) return generatorModules(recorded());
      return undefined;
    },
  };
}

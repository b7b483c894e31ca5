import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
/** antd's ES build, which the console bundles, and its CommonJS twin (same files, same code), which Node runs here. */
export const ANTD_ES = path.dirname(require.resolve('antd/es/index.js'));
const ANTD_LIB = path.dirname(require.resolve('antd/lib/index.js'));

const FACTORIES = ['genStyleHooks', 'genComponentStyleHook', 'genSubStyleComponent'] as const;
type Factory = (typeof FACTORIES)[number];
const FACTORY_CALL = new RegExp(`\\b(${FACTORIES.join('|')})\\(`);

/** One export of a style module: a hook (or sub-style component) made by one of antd's factories, or a constant. */
export type StyleExport =
  { factory: Factory; component: string | string[]; withToken: boolean; options?: Record<string, unknown> } | { literal: string | number | boolean };

/** A style module (its path under antd/es) and the exports that can be made again without its style code. */
export type StyleModules = Map<string, Record<string, StyleExport>>;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* files(file);
    else if (file.endsWith('.js')) yield file;
  }
}

/** Component style modules: those that make a hook with antd's factories, outside the theme and the shared styles. */
function styleModulePaths(): string[] {
  return [...files(ANTD_ES)]
    .map((file) => path.relative(ANTD_ES, file).split(path.sep).join('/'))
    .filter((file) => !/^(theme|style)\//.test(file) && FACTORY_CALL.test(readFileSync(path.join(ANTD_ES, file), 'utf8')));
}

const isJson = (value: unknown): boolean =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value) || (typeof value === 'object' && Object.values(value!).every(isJson));

/**
 * Runs every component style module of antd (the CommonJS twin) with the factories recording their
 * arguments: which component, which options, whether a token function was given. A module whose
 * default export is not a factory's result (Menu's and Tooltip's make their hook per call) is left
 * out, as is any export other than a hook or a constant (helpers other style modules import).
 */
export function recordStyleModules(): StyleModules {
  const utils = require(path.join(ANTD_LIB, 'theme/util/genStyleUtils')) as Record<Factory, (...args: unknown[]) => unknown>;
  const originals = { ...utils };
  const made = new Map<unknown, StyleExport>();
  for (const factory of FACTORIES)
    utils[factory] = (component, _style, token, options) => {
      const result = originals[factory](component, _style, token, options);
      made.set(result, {
        factory,
        component: component as string | string[],
        withToken: token !== undefined,
        ...(options ? { options: options as Record<string, unknown> } : {}),
      });
      return result;
    };
  const paths = styleModulePaths();
  const libFiles = paths.map((file) => require.resolve(path.join(ANTD_LIB, file)));
  // A fresh run of each: modules loaded before this (the stylesheet renders antd) made their hooks unrecorded.
  const forget = () => libFiles.forEach((file) => delete require.cache[file]);
  forget();
  const modules: StyleModules = new Map();
  try {
    paths.forEach((file, index) => {
      const exports: Record<string, StyleExport> = {};
      for (const [name, value] of Object.entries(require(libFiles[index]!) as Record<string, unknown>)) {
        const hook = made.get(value);
        if (hook && (!('options' in hook) || isJson(hook.options))) exports[name] = hook;
        else if (['string', 'number', 'boolean'].includes(typeof value)) exports[name] = { literal: value as string | number | boolean };
      }
      if (!('default' in require(libFiles[index]!)) || exports.default) modules.set(file, exports);
    });
  } finally {
    Object.assign(utils, originals);
    forget();
  }
  return modules;
}

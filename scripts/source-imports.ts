import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** `import … from './x'` and `export … from './x'` at a line's start, not `import type`: what loads with a module. */
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gm;

function resolveSource(importer: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(importer), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(
    (file) => /\.tsx?$/.test(file) && existsSync(file) && statSync(file).isFile(),
  );
}

/** The console's source files a module loads with it, however deep (relative imports only; a lazy `import()` is not one). */
export function staticClosure(roots: string[]): Set<string> {
  const seen = new Set<string>();
  for (const queue = [...roots]; queue.length;) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const imported = resolveSource(file, specifier!);
      if (imported) queue.push(imported);
    }
  }
  return seen;
}

export const pascal = (folder: string) => folder.replace(/(^|-)(\w)/g, (_, _dash, letter: string) => letter.toUpperCase());

/**
 * The antd components a source loads with it: `import { Table, Button, notification } from 'antd'`
 * (a static API such as notification draws too; what draws nothing, such as theme, the callers leave
 * out) and the deep `antd/es/input/Input` (as Input), in any quotes (a transform may have rewritten
 * them); not a type import, nor a lazy `import('antd/es/…')`.
 */
export function antdComponentsOf(source: string): Set<string> {
  const names = new Set<string>();
  for (const [, list] of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]antd['"]/g))
    for (const name of list!.split(',').map((part) => part.trim())) if (/^[A-Za-z]\w*$/.test(name)) names.add(name);
  for (const [, folder] of source.matchAll(/^\s*import\s+(?!type\b)[^'";]*?from\s*['"]antd\/es\/([a-z][\w-]*)/gm))
    if (!folder!.startsWith('_')) names.add(pascal(folder!));
  return names;
}

/** A lazy import of an antd module, by its path under `antd/es`: the table's `…/table/hooks/useFilter/FilterDropdown`, which has no public name. */
export const LAZY_ANTD = /import\(\s*['"]antd\/es\/([a-z][\w-]*(?:\/[\w-]+)*)['"]\s*\)/g;
export const lazyAntdOf = (source: string): string[] => [...source.matchAll(LAZY_ANTD)].map(([, module]) => module!);

/**
 * The antd components a module inside one of antd's folders draws (the table's filter dropdown: a
 * tree, a menu, a search box ...), read from its imports of other folders, however deep in its own.
 */
export function antdComponentsDrawnBy(module: string, es: string): Set<string> {
  const [home] = module.split('/');
  const names = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/^import\s+(?!type\b)[^'";]*?from\s*['"](\.[^'"]+)['"]/gm)) {
      const target = path.resolve(path.dirname(file), specifier!);
      const [folder] = path.relative(es, target).split(path.sep);
      if (folder === home) visit(existsSync(`${target}.js`) ? `${target}.js` : path.join(target, 'index.js'));
      else if (!folder!.startsWith('_')) names.add(pascal(folder!));
    }
  };
  visit(path.join(es, `${module}.js`));
  return names;
}

/** The antd class prefixes a source writes itself (`ant-btn`, `ant-checkbox`: antd's look drawn without its components). */
export const antdClassesOf = (source: string): Set<string> => new Set([...source.matchAll(/\bant-([a-z]+)\b/g)].map(([, name]) => `ant-${name}`));

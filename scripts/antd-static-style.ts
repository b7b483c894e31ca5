import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createElement, type ComponentType, type ReactElement } from 'react';
import type { Plugin } from 'vite';
import { foldBoxSizingResets } from './antd-box-sizing.ts';
import { themeTokens } from '../src/app/theme-tokens.ts';
import { DEFAULT_SETTINGS } from '../src/providers/settings.ts';

/** What the console imports: the styles of antd's components in the default theme, as a stylesheet. */
const ID = 'virtual:antd-default-theme.css';
const RESOLVED = '/__antd-default-theme.css';
const SRC = path.resolve(import.meta.dirname, '../src');

/** Drawn inside the components the console names (a table's pages and check boxes, a select's list, ...). */
const INSIDE = ['Pagination', 'Checkbox', 'Empty', 'Spin', 'Select', 'Tooltip', 'Dropdown', 'Badge', 'Avatar', 'Divider'];

/** The antd components the console's sources import (and those drawn inside them), and the parts of them it names (`Layout.Sider`). */
function componentsUsed(): { names: string[]; parts: Set<string> } {
  const names = new Set(INSIDE);
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : /\.tsx?$/.test(name) ? [file] : [];
    });
  const sources = walk(SRC).map((file) => readFileSync(file, 'utf8'));
  for (const source of sources)
    for (const [, list] of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'antd'/g))
      for (const name of list!.split(',').map((part) => part.trim())) if (/^[A-Z]\w*$/.test(name)) names.add(name);
  const parts = new Set(sources.flatMap((source) => [...source.matchAll(/\b([A-Z]\w*\.[A-Z]\w*)\b/g)].map(([, part]) => part!)));
  return { names: [...names].sort(), parts };
}

/** A component: a function, or forwardRef's and memo's wrappers (a context or a hook is not one). */
const WRAPPERS = new Set([Symbol.for('react.forward_ref'), Symbol.for('react.memo')]);
const renderable = (value: unknown): value is ComponentType =>
  (typeof value === 'function' && /^[A-Z]/.test(value.name || 'X')) ||
  (typeof value === 'object' && value !== null && WRAPPERS.has((value as { $$typeof?: symbol }).$$typeof!));

type Any = ComponentType<Record<string, unknown>> & Record<string, ComponentType<Record<string, unknown>>>;
/** Popups drawn only open: their panel stands for them. */
const POPUPS = new Set(['Tooltip', 'Popover', 'Popconfirm', 'Modal', 'Drawer']);
/** How a component shows its styles without a page around it: a menu with no items, a popup's panel, its parts. */
function samples(name: string, component: Any, used: Set<string>): ReactElement[] {
  const panel = component._InternalPanelDoNotUseOrYouWillBeFired;
  const itself =
    name === 'Dropdown'
      ? createElement(component, { menu: { items: [] } }, createElement('span'))
      : createElement(component, name === 'Menu' ? { items: [] } : {});
  // Layout.Sider, Input.TextArea, Typography.Text...: parts with styles of their own.
  const parts = Object.entries(component).flatMap(([part, value]) => (used.has(`${name}.${part}`) && renderable(value) ? [createElement(value)] : []));
  return [...(POPUPS.has(name) ? [] : [itself]), ...(panel ? [createElement(panel, { title: name })] : []), ...parts];
}

/**
 * antd 5 writes each component's styles at run time, on its first use: on a cold list load that was
 * the largest single cost of the main thread (style objects built, serialised and injected one
 * <style> at a time, each injection scanning the ones before it). Rendered once here instead, into a
 * stylesheet that also carries antd's map of what it holds (the `data-ant-cssinjs-cache-path` rule):
 * at run time antd finds each component's styles in that map and writes nothing. Only the default
 * preferences are covered; another colour, font or the dark theme gets run-time styles, as before.
 */
export function antdDefaultThemeStyles(): Plugin {
  return {
    name: 'edp-antd-default-theme-styles',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      const require = createRequire(import.meta.url);
      const antd = require('antd') as Record<string, Any> & typeof import('antd');
      const { createCache, extractStyle, StyleProvider } = require('@ant-design/cssinjs') as typeof import('@ant-design/cssinjs');
      const { renderToString } = require('react-dom/server') as typeof import('react-dom/server');
      const cache = createCache();
      const theme = { algorithm: antd.theme.defaultAlgorithm, token: themeTokens(DEFAULT_SETTINGS) };
      const { names, parts } = componentsUsed();
      for (const name of names.filter((used) => renderable(antd[used])))
        for (const sample of samples(name, antd[name]!, parts))
          try {
            renderToString(createElement(StyleProvider, { cache }, createElement(antd.ConfigProvider, { theme }, sample)));
          } catch {
            // a part that cannot stand alone (Form.List wants a render function): its styles come at run time
          }
      return foldBoxSizingResets(extractStyle(cache, true));
    },
  };
}

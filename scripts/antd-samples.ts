import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createElement, type ComponentType, type ReactElement } from 'react';
import { SIGNED_IN, SRC } from './route-roots.ts';
import { antdClassesOf, antdComponentsDrawnBy, antdComponentsOf, lazyAntdOf, staticClosure } from './source-imports.ts';

/** Drawn inside the components a signed-in list names (a table's pages and check boxes, a select's list, ...). */
const INSIDE = ['Pagination', 'Checkbox', 'Empty', 'Spin', 'Select', 'Tooltip', 'Dropdown', 'Badge', 'Avatar', 'Divider'];

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? sourceFiles(file) : /\.tsx?$/.test(name) ? [file] : [];
  });

export interface ComponentsUsed {
  /** Every antd component the console's sources import, and those drawn inside a list's. */
  names: string[];
  /** Those a signed-in list loads with it (its shell and the list page, however deep), and those drawn inside them. */
  listNames: Set<string>;
  /** The antd classes that code writes itself (`ant-btn` of a plain link button). */
  listClasses: Set<string>;
  /** The parts the sources name (`Layout.Sider`). */
  parts: Set<string>;
}

export function componentsUsed(): ComponentsUsed {
  const sources = sourceFiles(SRC).map((file) => readFileSync(file, 'utf8'));
  const listSources = [...staticClosure(SIGNED_IN)].map((file) => readFileSync(file, 'utf8'));
  const listNames = new Set([...INSIDE, ...listSources.flatMap((source) => [...antdComponentsOf(source)])]);
  const lazy = sources.flatMap((source) => lazyAntdOf(source).flatMap(lazyAntdDraws));
  const names = new Set([...listNames, ...sources.flatMap((source) => [...antdComponentsOf(source)]), ...lazy]);
  const parts = new Set(sources.flatMap((source) => [...source.matchAll(/\b([A-Z]\w*\.[A-Z]\w*)\b/g)].map(([, part]) => part!)));
  return { names: [...names].sort(), listNames, listClasses: new Set(listSources.flatMap((source) => [...antdClassesOf(source)])), parts };
}

const require = createRequire(import.meta.url);
const ANTD_ES = path.join(path.dirname(require.resolve('antd/package.json')), 'es');

/**
 * What an antd module a source loads later draws: a folder by its export's name
 * (`import('antd/es/notification')`: notification), a module deeper in one by the components it imports
 * (the table's filter dropdown: a tree, a menu, a search box).
 */
export const lazyAntdDraws = (module: string): string[] => (module.includes('/') ? [...antdComponentsDrawnBy(module, ANTD_ES)] : [module]);

/** A component: a function, or forwardRef's and memo's wrappers (a context or a hook is not one). */
const WRAPPERS = new Set([Symbol.for('react.forward_ref'), Symbol.for('react.memo')]);
export const renderable = (value: unknown): value is ComponentType =>
  (typeof value === 'function' && /^[A-Z]/.test(value.name || 'X')) ||
  (typeof value === 'object' && value !== null && WRAPPERS.has((value as { $$typeof?: symbol }).$$typeof!));

export type Any = ComponentType<Record<string, unknown>> & Record<string, ComponentType<Record<string, unknown>>>;
/** Popups, drawn open (their content goes to a portal, which a server render leaves out; their styles do not). */
const POPUPS = new Set(['Tooltip', 'Popover', 'Popconfirm', 'Modal', 'Drawer']);

/**
 * Styles a component writes only in some uses, drawn by the console: a tag's preset and status
 * colours, a button's look inside a compact group (a log search's arrows, a range filter's pair).
 */
const USES: Record<string, (antd: Record<string, Any>) => ReactElement[]> = {
  Tag: ({ Tag }) => [createElement(Tag!, { color: 'blue' }), createElement(Tag!, { color: 'success' })],
  Space: ({ Space, Button, Input, InputNumber }) => [
    createElement(Space!.Compact!, null, createElement(Button!), createElement(Input!.Search!), createElement(InputNumber!)),
  ],
};

/**
 * Styles written only in a portal or by a static call, which no server render reaches: the body of a
 * `Modal.info` (a sub-style component) and a notification (a hook), written here by their own style code.
 */
interface Portaled {
  module: string;
  prefixCls: string;
  /** A sub-style component takes its prefix as a prop; a hook, as its argument. */
  made: 'component' | 'hook';
}
const PORTALED: Record<string, Portaled[]> = {
  Modal: [{ module: 'antd/lib/modal/style/confirm', prefixCls: 'ant-modal', made: 'component' }],
  notification: [{ module: 'antd/lib/notification/style', prefixCls: 'ant-notification', made: 'hook' }],
};

function styleOf({ module, prefixCls, made }: Portaled): ReactElement {
  const style = (require(module) as { default: ((prefixCls: string) => unknown) & ComponentType<{ prefixCls: string }> }).default;
  return made === 'component' ? createElement(style, { prefixCls }) : createElement(() => (style(prefixCls), null));
}

/** Whether the sheets can hold a component's styles: it is one, or its styles are written without one. */
export const drawable = (name: string, antd: Record<string, unknown>) => renderable(antd[name]) || name in PORTALED;

/**
 * How a component shows its styles without a page around it: itself (a menu with no items, a popup
 * open), its parts, its uses and its portals. Not antd's panels (`_InternalPanelDoNotUseOrYouWillBeFired`):
 * they draw in a theme of their own (no motion), whose styles no page asks for.
 */
export function samples(name: string, antd: Record<string, Any>, used: Set<string>): ReactElement[] {
  const component = antd[name]!;
  const portaled = (PORTALED[name] ?? []).map(styleOf);
  if (!renderable(component)) return portaled;
  const itself =
    name === 'Dropdown'
      ? createElement(component, { menu: { items: [] } }, createElement('span'))
      : POPUPS.has(name)
        ? createElement(component, { open: true, title: name }, createElement('span'))
        : createElement(component, name === 'Menu' ? { items: [] } : {});
  // Layout.Sider, Input.TextArea, Typography.Text...: parts with styles of their own.
  const parts = Object.entries(component).flatMap(([part, value]) => (used.has(`${name}.${part}`) && renderable(value) ? [createElement(value)] : []));
  return [itself, ...parts, ...(USES[name]?.(antd) ?? []), ...portaled];
}

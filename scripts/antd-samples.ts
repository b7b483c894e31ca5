import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createElement, type ComponentType, type ReactElement } from 'react';
import { SIGNED_IN, SRC } from './route-roots.ts';
import { antdClassesOf, antdComponentsOf, staticClosure } from './source-imports.ts';

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
  const names = new Set([...listNames, ...sources.flatMap((source) => [...antdComponentsOf(source)])]);
  const parts = new Set(sources.flatMap((source) => [...source.matchAll(/\b([A-Z]\w*\.[A-Z]\w*)\b/g)].map(([, part]) => part!)));
  return { names: [...names].sort(), listNames, listClasses: new Set(listSources.flatMap((source) => [...antdClassesOf(source)])), parts };
}

/** A component: a function, or forwardRef's and memo's wrappers (a context or a hook is not one). */
const WRAPPERS = new Set([Symbol.for('react.forward_ref'), Symbol.for('react.memo')]);
export const renderable = (value: unknown): value is ComponentType =>
  (typeof value === 'function' && /^[A-Z]/.test(value.name || 'X')) ||
  (typeof value === 'object' && value !== null && WRAPPERS.has((value as { $$typeof?: symbol }).$$typeof!));

export type Any = ComponentType<Record<string, unknown>> & Record<string, ComponentType<Record<string, unknown>>>;
/** Popups drawn only open: their panel stands for them. */
const POPUPS = new Set(['Tooltip', 'Popover', 'Popconfirm', 'Modal', 'Drawer']);
/** How a component shows its styles without a page around it: a menu with no items, a popup's panel, its parts. */
export function samples(name: string, component: Any, used: Set<string>): ReactElement[] {
  const panel = component._InternalPanelDoNotUseOrYouWillBeFired;
  const itself =
    name === 'Dropdown'
      ? createElement(component, { menu: { items: [] } }, createElement('span'))
      : createElement(component, name === 'Menu' ? { items: [] } : {});
  // Layout.Sider, Input.TextArea, Typography.Text...: parts with styles of their own.
  const parts = Object.entries(component).flatMap(([part, value]) => (used.has(`${name}.${part}`) && renderable(value) ? [createElement(value)] : []));
  return [...(POPUPS.has(name) ? [] : [itself]), ...(panel ? [createElement(panel, { title: name })] : []), ...parts];
}

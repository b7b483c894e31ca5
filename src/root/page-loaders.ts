import type { ComponentType } from 'react';
import type { EntityView, RouteEntry } from '../../model/resources/types';
import { applyEarlyStyles } from '../boot/early-styles';
import { isList, type RouteCode } from '../boot/route-data';
import { moduleLoader, PAGES, RECORD_PARTS, LIST_TOOLS } from '../screens/route-modules';

type PageLoader = () => Promise<{ default: ComponentType }>;

/** The signed-in area's frame (Refine, antd's theme, the layout), and the styles the document brought early for it. */
export const loadConsoleShell = () => Promise.all([import('./console-shell'), applyEarlyStyles()]).then(([shell]) => shell);

/** The generated pages of every declared entity (src/screens/components/schema). */
const ENTITY_PAGES: Record<EntityView, PageLoader> = {
  list: () => import('../screens/components/schema/list/entity-list-page'),
  show: () => import('../screens/components/schema/show/entity-show-page'),
  create: () => import('../screens/components/schema/form/entity-form-page'),
  edit: () => import('../screens/components/schema/form/entity-form-page'),
};

/** The code of a route's page: its own, or the generated one of its entity view; none for a notice or a redirect. */
export const pageLoaderOf = (entry: RouteEntry): PageLoader | undefined =>
  entry.page ? moduleLoader(PAGES, entry.page) : entry.view && ENTITY_PAGES[entry.view];

/**
 * What a page draws with its records besides its own code: a list's row buttons (a task's Run), a
 * show page's header and body parts (a recording's download and topics).
 */
const partsOf = (entry: RouteEntry): string[] =>
  entry.view === 'show' ? [...(entry.list?.showParts?.header ?? []), ...(entry.list?.showParts?.body ?? [])] : isList(entry) ? (entry.rowParts ?? []) : [];

/** The code a route draws on its first render, handed to the boot floor, which starts it with the route's data. */
export const routeCode: RouteCode = {
  shell: loadConsoleShell,
  modulesOf: (entry) => [
    pageLoaderOf(entry),
    ...(entry.tools ?? []).map((name) => moduleLoader(LIST_TOOLS, name)),
    ...partsOf(entry).map((name) => moduleLoader(RECORD_PARTS, name)),
  ],
};

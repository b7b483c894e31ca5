import { allows, type Permission } from '../access/permissions';
import { isTicketHandler } from '../access/roles';
import { consoleSection } from './console';
import { data } from './data';
import { deployment } from './deployment';
import { device } from './device';
import { evaluation } from './evaluation';
import { taskFlow } from './task-flow';
import { training } from './training';
import type { RouteDecl, RouteEntry } from './types';

/** The top-level sections of spec §2, in menu order. The one route table of the product. */
export const sections: RouteDecl[] = [data, training, deployment, evaluation, device, taskFlow, consoleSection];

function place(decl: RouteDecl, parent?: RouteEntry): RouteEntry {
  const section = parent?.section ?? decl.path;
  const entry: RouteEntry = {
    ...decl,
    fullPath: `${parent?.fullPath ?? ''}/${decl.path}`,
    parent,
    entries: [],
    effectiveAuth: decl.auth ?? parent?.effectiveAuth,
    section,
    ...(decl.entity ? { view: 'list' as const, api: `/${section}/${decl.entity}` } : {}),
  };
  entry.entries = (decl.children ?? []).flatMap((child) => {
    const placed = place(child, entry);
    return [placed, ...entityPages(placed, child)];
  });
  for (const child of entry.entries.filter((candidate) => candidate.tabs)) {
    const group = child.tabs!.map((path) => entry.entries.find((sibling) => sibling.path === path)!);
    for (const tab of group) tab.tabGroup = group;
  }
  return entry;
}

/** An entity's show, create and edit pages, hidden beside its list and lighting it up in the menu. */
function entityPages(list: RouteEntry, decl: RouteDecl): RouteEntry[] {
  if (!decl.entity || !list.parent) return [];
  const paths = { show: `${decl.path}/:id`, create: `${decl.path}/create`, edit: `${decl.path}/:id/edit`, ...decl.pages };
  const auth = { show: list.effectiveAuth, create: decl.actions?.create ?? list.effectiveAuth, edit: decl.actions?.update ?? list.effectiveAuth };
  const views = (['show', 'create', 'edit'] as const).filter((view) => view !== 'create' || decl.createForm !== false);
  return views.map((view) => ({
    path: paths[view],
    label: decl.label,
    hidden: true,
    activeMenu: list.hidden ? list.activeMenu : list.fullPath, // a hidden list (a tab, a view) lights up what it does
    fullPath: `${list.parent!.fullPath}/${paths[view]}`,
    parent: list.parent,
    entries: [],
    effectiveAuth: auth[view],
    section: list.section,
    entity: decl.entity,
    api: list.api,
    actions: decl.actions,
    view,
    list,
  }));
}

/** A top-level section placed in the tree, with the generated pages of its entities. */
export const placeSection = (decl: RouteDecl): RouteEntry => place(decl);
export const flatten = (entry: RouteEntry): RouteEntry[] => [entry, ...entry.entries.flatMap(flatten)];

export const sectionEntries: RouteEntry[] = sections.map(placeSection);
export const routeEntries: RouteEntry[] = sectionEntries.flatMap(flatten);

const listsByEntity = new Map<string, RouteEntry[]>();
for (const entry of routeEntries)
  if (entry.view === 'list' && entry.entity) listsByEntity.set(entry.entity, [...(listsByEntity.get(entry.entity) ?? []), entry]);
/** An entity's list routes, in declaration order (looked up, not searched: cells and access checks ask per row). */
export const listsOf = (entityName: string): readonly RouteEntry[] => listsByEntity.get(entityName) ?? [];
/** Where an entity is listed (and so served): its first list route that is not `secondary`. */
export const entityListEntry = (entityName: string) => {
  const lists = listsOf(entityName);
  return lists.find((entry) => !entry.secondary) ?? lists[0];
};
// Every page of an entity talks to the API its own list places.
for (const entry of routeEntries.filter((candidate) => candidate.view && candidate.entity)) entry.api = entityListEntry(entry.entity!)!.api;

/** Whether the user may read an entity's records: through any of its lists, as the server decides too. */
export const canReadEntity = (entityName: string, permissions: readonly Permission[]) => listsOf(entityName).some((entry) => canOpen(entry, permissions));

// A page that `shows` another list's records belongs to that list (its API, permissions and links).
for (const entry of routeEntries.filter((candidate) => candidate.shows)) {
  const list = entityListEntry(entry.shows!);
  if (!list) throw new Error(`${entry.fullPath} shows "${entry.shows}", which no route lists`);
  Object.assign(entry, { entity: entry.shows, view: 'show', list, api: list.api });
}
export const entryByPath = new Map(routeEntries.map((entry) => [entry.fullPath, entry]));

export const isCatalogue = (entry: RouteEntry) => entry.entries.length > 0;

/** A page by its auth (spec §6); a catalogue when the user may open one of its menu items (hidden pages do not count). */
export const canOpen = (entry: RouteEntry, permissions: readonly Permission[]): boolean =>
  isCatalogue(entry) ? entry.entries.some((child) => !child.hidden && canOpen(child, permissions)) : allows(permissions, entry.effectiveAuth);

/** Static segments outrank parameters, so `raw-data/dataset/x` beats `raw-data/:tabKey`. */
const parameterCount = new Map(routeEntries.map((entry) => [entry, entry.fullPath.split(':').length - 1]));
const bySpecificity = [...routeEntries].sort((a, b) => parameterCount.get(a)! - parameterCount.get(b)!);

export function matchEntry(pathname: string): { entry: RouteEntry; params: Record<string, string> } | undefined {
  const segments = pathname.split('/').filter(Boolean);
  for (const entry of bySpecificity) {
    const pattern = entry.fullPath.split('/').filter(Boolean);
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((part, i) =>
      part.startsWith(':') ? ((params[part.slice(1)] = decodeURIComponent(segments[i]!)), true) : part === segments[i],
    );
    if (matches) return { entry, params };
  }
  return undefined;
}

export interface MenuNode {
  entry: RouteEntry;
  children: MenuNode[];
}

/** Spec §6: what a user's menu shows: permitted, not hidden, and no catalogue left empty. */
export function menuTree(entries: RouteEntry[], permissions: readonly Permission[]): MenuNode[] {
  return entries.flatMap((entry): MenuNode[] => {
    if (entry.hidden || !canOpen(entry, permissions)) return [];
    if (!isCatalogue(entry)) return [{ entry, children: [] }];
    const children = menuTree(entry.entries, permissions);
    return children.length ? [{ entry, children }] : [];
  });
}

/** The first page under `entry` the user may open, in menu order. */
export function firstOpenPath(entry: RouteEntry, permissions: readonly Permission[]): string | undefined {
  if (!canOpen(entry, permissions)) return undefined;
  if (!isCatalogue(entry)) return entry.hidden ? undefined : entry.fullPath;
  for (const child of entry.entries) {
    const path = firstOpenPath(child, permissions);
    if (path) return path;
  }
  return undefined;
}

/** Where a catalogue's index goes: its declared redirect when the user may open it, else its first open page. */
export function indexPath(entry: RouteEntry, permissions: readonly Permission[]): string | undefined {
  const target = entry.redirect ? matchEntry(entry.redirect)?.entry : undefined;
  return target && canOpen(target, permissions) ? entry.redirect : firstOpenPath(entry, permissions);
}

/** Spec §2: a ticket-handling account lands on its managed tickets, everyone else on the raw-data dashboard. */
export const homePath = (role: string) => (isTicketHandler(role) ? '/data/ticket/managed' : '/data/dashboard/rawData');

/** Sections of the top bar: every section but the hidden console, when something in it is open to the user. */
export const topSections = (permissions: readonly Permission[]) =>
  sectionEntries.filter((section) => !section.hidden && menuTree([section], permissions).length > 0);

/** The fields and values a list view keeps its records to; `$me` is left out: every reader matches it. */
const keptTo = (list: RouteEntry) => Object.entries(list.preset ?? {}).filter(([, value]) => value !== '$me');
/** Whether a record is one a list view shows. */
const inView = (list: RouteEntry, record: Record<string, unknown>) => keptTo(list).every(([field, value]) => record[field] === value);
const viewOf = (list: RouteEntry, record: Record<string, unknown>) =>
  inView(list, record) ? list : listsOf(list.entity!).find((entry) => entry.preset && inView(entry, record));

/** What a link to an entity's record needs besides its id: the fields its views show by and are kept to. */
export const linkFields = (entityName: string): string[] => [
  ...new Set(listsOf(entityName).flatMap((list) => [...(list.showBy ? [list.showBy] : []), ...keptTo(list).map(([field]) => field)])),
];

/**
 * The path of an entity's generated page: create, or show and edit of a record. Given the record,
 * a list that shows records by name (`showBy`) links by it.
 */
export const recordPath = (given: RouteEntry, view: 'show' | 'edit' | 'create', record?: number | string | Record<string, unknown>) => {
  // A record belongs to the view whose preset it matches (a dc dataset opens under dc-dataset/).
  const list = (typeof record === 'object' && viewOf(given, record)) || given;
  const page = list.parent?.entries.find((entry) => entry.list === list && entry.view === view && !entry.shows);
  const key = typeof record === 'object' ? (view === 'show' && list.showBy ? record[list.showBy] : record.id) : record;
  return page && (key === undefined ? page.fullPath : page.fullPath.replace(/:[^/]+/, encodeURIComponent(String(key))));
};

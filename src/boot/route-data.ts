import type { CrudFilter, CrudSort } from '@refinedev/core';
import qs from 'qs';
import { api } from '../providers/http';
import { loadNamespaces } from '../providers/i18n';
import { answerNow } from '../providers/access-control';
import {
  BY_NAME_PAGE_SIZE,
  equalTo,
  HISTORY_PAGE_SIZE,
  historyFilters,
  LIST_PAGE_SIZE,
  listAddress,
  listParams,
  namedRecord,
  presetValues,
  RELATED_PAGE_SIZE,
} from '../providers/list-params';
import { permissionsOfUser } from '../providers/permissions';
import { sessionRequests } from '../providers/session-requests';
import { sessionStore } from '../providers/session-store';
import { canOpen, entityListEntry, matchEntry } from '../../model/resources/index';
import type { RouteEntry } from '../../model/resources/types';
import { AUDIT_CATALOGUES, AUDIT_EVENT } from '../../model/schemas/audit-trail';
import { loadEntityCatalogues } from '../providers/entity-catalogues';
import { entityDirectory } from '../providers/entity-directory';
import { loadOnce } from './lazy-loaded';

/** What a route loads besides its data: the shell's code, and its page's and parts' modules. */
export interface RouteCode {
  shell: () => Promise<unknown>;
  modulesOf: (entry: RouteEntry) => (undefined | (() => Promise<unknown>))[];
}

/**
 * The route code is handed in by the root, which knows the screens: this floor sits below them and
 * names none. It is handed in before the first route starts (src/root/start.ts).
 */
let handedIn: RouteCode | undefined;
export const provideRouteCode = (code: RouteCode) => void (handedIn = code);
const routeCode = (): RouteCode => {
  if (!handedIn) throw new Error('route-data: no route code was handed in (provideRouteCode)');
  return handedIn;
};

interface TableState {
  currentPage?: string;
  pageSize?: string;
  sorters?: CrudSort[];
  filters?: CrudFilter[];
}

const sameFilter = (a: CrudFilter, b: CrudFilter) => 'field' in a && 'field' in b && a.field === b.field && a.operator === b.operator;

/**
 * The query a list page sends for this URL: Refine keeps the table's page, sort and filters in the
 * query string (syncWithLocation), and the list's preset comes first. Read with qs as Refine's own
 * `parseTableParams` reads it (a unit test holds the two equal): Refine's core is one module, and
 * importing that function here moved all of it (38 kB gzip) into the chunk that must run before
 * the list's request leaves.
 */
export function listRequest(list: RouteEntry, search: string): { query: Record<string, string>; pageNum: number } {
  const state = qs.parse(search.replace(/^\?/, ''), { depth: 10 }) as TableState;
  const preset: CrudFilter[] = Object.entries(presetValues(list)).map(([field, value]) => ({ field, operator: 'eq', value }));
  const chosen = (Array.isArray(state.filters) ? state.filters : []).filter((filter) => !preset.some((fixed) => sameFilter(fixed, filter)));
  const sorters = Array.isArray(state.sorters) ? state.sorters : [];
  return { query: listParams(Number(state.pageSize) || LIST_PAGE_SIZE, sorters, [...preset, ...chosen]), pageNum: Number(state.currentPage) || 1 };
}

/** A page of a list of records: an entity's list, or a page with an API and no record of its own (the accounts). */
export const isList = (entry: RouteEntry) => Boolean(entry.api) && (entry.view === 'list' || entry.view === undefined);

/** Where a route is opened: a list with no query at the address its table writes (list-params.ts). */
export function routeAddress(pathname: string, search = ''): string {
  const entry = matchEntry(pathname)?.entry;
  return entry && isList(entry) ? listAddress(pathname, search) : `${pathname}${search}`;
}

/** The first page of `entity`'s list under `filters`, as a record page's list asks for it, where the user may read that list; whether it left. */
function startFirstPage(entity: string, pageSize: number, filters: CrudFilter[]): boolean {
  const list = entityListEntry(entity);
  if (!list?.api || !answerNow(list.fullPath, 'list')?.can) return false;
  api.getEarly(`${list.api}/query`, { ...listParams(pageSize, [], filters), pageNum: 1 });
  return true;
}

/** What a record's page shows with it: the lists of the records pointing at it (related-list.tsx) and its history with its texts (record-history.tsx). */
function startRecordLists(entity: string, id: string): void {
  for (const [other, field] of entityDirectory[entity]?.referrers ?? []) startFirstPage(other, RELATED_PAGE_SIZE, equalTo(field, id));
  // a failure of the texts shows where the history asks for them again
  if (startFirstPage(AUDIT_EVENT, HISTORY_PAGE_SIZE, historyFilters(entity, id))) loadNamespaces(AUDIT_CATALOGUES).catch(() => undefined);
}

/**
 * The records a page reads first: its list's page, or its record with the lists of what points at it
 * and its history; a page of its own, the call it names (`pageData`). A record shown by name is the
 * first page of its list filtered by the name, and the rest leave once it has come with the id (a
 * dataset's page asked for all of it only once its code had run).
 */
function startData(entry: RouteEntry, params: Record<string, string>, search: string): void {
  if (entry.pageData) void api.getEarly(entry.pageData);
  if (!entry.api) return;
  if (isList(entry)) {
    const { query, pageNum } = listRequest(entry, search);
    void api.getEarly(`${entry.api}/query`, { ...query, pageNum });
    return;
  }
  const id = Object.values(params).at(-1);
  if (!id || (entry.view !== 'show' && entry.view !== 'edit')) return;
  const byName = !entry.shows && entry.list?.showBy;
  if (byName) {
    if (entry.view !== 'show') return;
    const found = api.getEarly<{ records?: Record<string, unknown>[] }>(`${entry.api}/query`, {
      ...listParams(BY_NAME_PAGE_SIZE, [], equalTo(byName, id)),
      pageNum: 1,
    });
    // the lists pointing at it leave with its id, not after the page's code has run and found it again
    void found.then((page) => {
      const record = namedRecord(page?.records ?? [], byName, id);
      if (record && entry.entity) startRecordLists(entry.entity, String(record.id));
    });
    return;
  }
  api.getEarly(`${entry.api}/get`, { id });
  if (entry.view === 'show' && entry.entity) startRecordLists(entry.entity, id);
}

/** The route's entry and parameters, when someone is signed in who may open it. */
export function openableRoute(pathname: string) {
  const match = sessionStore.token() ? matchEntry(pathname) : undefined;
  return match && canOpen(match.entry, permissionsOfUser(sessionStore.userInfo())) ? match : undefined;
}

/**
 * Starts what a signed-in route needs at once and side by side: the shell's and the
 * page's code, its texts, and the page's records, before any of that code has run. The page's own requests
 * then take these answers (early-requests.ts). A route the user may not open starts nothing.
 * Settles (never rejects) once the route's code is in, however its loads ended.
 * `codeNextTask`, for the first load only: Chromium queues scripts ahead of a request sent in the same
 * task, and a browser opens six connections to a server, so the page's chunks not preloaded would go
 * before its data. Later, a timer would wait behind the render the click started (45 ms in a trace).
 */
export function startRoute(pathname: string, search = '', { codeNextTask = false } = {}): Promise<unknown> {
  const match = openableRoute(pathname);
  if (!match) return Promise.resolve();
  // An account that must still change its one-time password is refused every page's data (428).
  if (!sessionStore.userInfo()?.mustChangePassword) startData(match.entry, match.params, search);
  if (!codeNextTask) return startCode(match.entry);
  return new Promise((resolve) => setTimeout(() => resolve(startCode(match.entry))));
}

/** A page's or tool's module may name the locale namespaces it reads (`catalogues`): they come with its code, so its first render does not suspend for them. */
const loadCataloguesOf = (module: unknown) => {
  const { catalogues } = module as { catalogues?: readonly string[] };
  return catalogues && loadNamespaces(catalogues);
};

/** A chunk that fails here fails again, visibly, where the route renders it: here every load just ends. */
function startCode(entry: RouteEntry): Promise<unknown> {
  const entity = entry.entity;
  return Promise.allSettled([
    // The entity's info and texts first. The directory that finds them comes with the route's early loads (a few kB):
    // loaded from a chunk of its own, it waited for the signed-in chunk it shares code with.
    entity && loadEntityCatalogues(entity, entry.view),
    loadOnce(routeCode().shell),
    // Row buttons and show parts too: loaded with the page, they suspend nowhere (each fallback shown
    // would hold the page's next reveal for React's 300 ms).
    ...routeCode()
      .modulesOf(entry)
      .map((load) => load && loadOnce(load).then(loadCataloguesOf)),
  ]);
}

/**
 * The first load of the console: the session's own requests leave with the route's (spec §4 session
 * load). The entry renders once this has settled, so the first render finds the route's code in and
 * suspends nowhere: each Suspense fallback shown would hold the next reveal for React's 300 ms.
 */
export function startConsole(pathname: string, search: string): Promise<unknown> {
  if (!sessionStore.token()) return Promise.resolve();
  const ready = startRoute(pathname, search, { codeNextTask: true });
  sessionRequests.startEarly(sessionStore.userInfo()?.mustChangePassword);
  return ready;
}

import type { BaseKey, DataProvider } from '@refinedev/core';
import { ID_DIGITS } from '../../model/schemas/limits';
import { entryByPath } from '../../model/resources/index';
import { api } from './http';
import { LIST_PAGE_SIZE, listParams } from './list-params';
import { pageCursors } from './page-cursors';

interface Page<T> {
  records: T[];
  total: number;
  totalCapped?: boolean;
  nextCursor?: string;
}

const cursors = pageCursors();

/** A Refine resource is named by its route; the route's `api` is where its records live. */
const apiOf = (resource: string) => {
  const path = entryByPath.get(resource)?.api;
  if (!path) throw new Error(`resource ${resource} declares no api`);
  return path;
};

/** A list apart from its page: its cursors are kept by it. */
const listKey = (resource: string, query: Record<string, string>) => `${resource}?${new URLSearchParams(query)}`;

/** A page as the table reads it; the cursor to the next one is kept. */
function listPage(resource: string, query: Record<string, string>, pageNum: number, page: Page<never>) {
  cursors.remember(listKey(resource, query), pageNum, page.nextCursor);
  // Past the capped total, a next page exists while the server hands a cursor to it.
  const total = page.totalCapped && page.nextCursor ? Math.max(page.total, pageNum * Number(query.pageSize) + 1) : page.total;
  return { data: page.records, total, totalCapped: page.totalCapped ?? false };
}

/**
 * A list's page whose request left early (app/route-data.ts) and whose answer has come: the table
 * renders it at once, where its own query would first render a spinner and the rows a task later.
 */
export function answeredList(resource: string, { query, pageNum }: { query: Record<string, string>; pageNum: number }) {
  const answer = api.answered<Page<never>>(`${apiOf(resource)}/query`, { ...query, pageNum });
  return answer && { ...answer, value: listPage(resource, query, pageNum, answer.value) };
}

/** Ids travel in JSON as numbers (a route's `:id` arrives as a string). */
const recordId = (id: BaseKey) => (typeof id === 'string' && ID_DIGITS.test(id) ? Number(id) : id);

/** DESIGN "API conventions": {api}/query, get, create, update, delete, and one call per transition. */
export const dataProvider: DataProvider = {
  getApiUrl: () => '/api/v1',
  getList: async ({ resource, pagination, filters, sorters }) => {
    const paged = pagination?.mode !== 'off';
    const pageNum = paged ? (pagination?.currentPage ?? 1) : 1;
    const query = listParams(paged ? (pagination?.pageSize ?? LIST_PAGE_SIZE) : -1, sorters, filters);
    const cursor = cursors.cursorFor(listKey(resource, query), pageNum);
    const page = await api.get<Page<never>>(`${apiOf(resource)}/query`, { ...query, pageNum, ...(cursor ? { cursor } : {}) });
    return listPage(resource, query, pageNum, page);
  },
  getOne: async ({ resource, id }) => ({ data: await api.get<never>(`${apiOf(resource)}/get`, { id }) }),
  create: async ({ resource, variables }) => ({ data: await api.post<never>(`${apiOf(resource)}/create`, variables) }),
  update: async ({ resource, id, variables }) => ({ data: await api.post<never>(`${apiOf(resource)}/update`, { ...(variables as object), id: recordId(id) }) }),
  deleteOne: async ({ resource, id }) => ({ data: await api.post<never>(`${apiOf(resource)}/delete`, { ids: [recordId(id)] }) }),
  deleteMany: async ({ resource, ids }) => ({ data: await api.post<never>(`${apiOf(resource)}/delete`, { ids: ids.map(recordId) }) }),
  custom: async ({ url, method, payload, query }) => ({
    data: method === 'get' ? await api.get<never>(url, query as object) : await api.post<never>(url, payload),
  }),
};

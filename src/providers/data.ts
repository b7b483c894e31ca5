import type { BaseKey, DataProvider } from '@refinedev/core';
import { ID_DIGITS } from '../schemas/limits';
import { entryByPath } from '../resources/index';
import { api } from './http';
import { listParams } from './list-params';
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

/** Ids travel in JSON as numbers (a route's `:id` arrives as a string). */
const recordId = (id: BaseKey) => (typeof id === 'string' && ID_DIGITS.test(id) ? Number(id) : id);

/** DESIGN "API conventions": {api}/query, get, create, update, delete, and one call per transition. */
export const dataProvider: DataProvider = {
  getApiUrl: () => '/api/v1',
  getList: async ({ resource, pagination, filters, sorters }) => {
    const paged = pagination?.mode !== 'off';
    const pageNum = paged ? (pagination?.currentPage ?? 1) : 1;
    const pageSize = paged ? (pagination?.pageSize ?? 20) : -1;
    const query = listParams(pageSize, sorters, filters);
    const list = `${resource}?${new URLSearchParams(query)}`;
    const cursor = cursors.cursorFor(list, pageNum);
    const page = await api.get<Page<never>>(`${apiOf(resource)}/query`, { ...query, pageNum, ...(cursor ? { cursor } : {}) });
    cursors.remember(list, pageNum, page.nextCursor);
    // Past the capped total, a next page exists while the server hands a cursor to it.
    const total = page.totalCapped && page.nextCursor ? Math.max(page.total, pageNum * pageSize + 1) : page.total;
    return { data: page.records, total, totalCapped: page.totalCapped ?? false };
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

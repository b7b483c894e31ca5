import type { CrudFilter, CrudSort } from '@refinedev/core';
import type { RouteEntry } from '../../model/resources/types';
import { sessionStore } from './session-store';

/** Rows per page of a list, until the user picks another size. */
export const LIST_PAGE_SIZE = 20;
/** A record page's lists of the records pointing at it show their first few (related-list.tsx). */
export const RELATED_PAGE_SIZE = 10;
/**
 * The one filter of a related list (the records whose `field` points at the record) and of a record
 * shown by name (its list filtered by that name): built once, so the query started with navigation
 * (route-data.ts) is the one the page reads.
 */
export const equalTo = (field: string, value: string | number | undefined): CrudFilter[] => [{ field, operator: 'eq', value }];
/** A record shown by name is found in the first page of its list filtered by that name (use-shown-record.ts). */
export const BY_NAME_PAGE_SIZE = 20;
/** The record of that page with exactly the name: the filter matches longer names too. */
export const namedRecord = <Row extends Record<string, unknown>>(rows: readonly Row[], field: string, name: string | undefined) =>
  rows.find((row) => String(row[field]) === name);
/** A record page's history shows the newest events of the record's audit trail (use-record-history.ts). */
export const HISTORY_PAGE_SIZE = 20;
/** Its filter: the events of the record `id` of `entity`. */
export const historyFilters = (entity: string, id: string | number): CrudFilter[] => [
  { field: 'entity', operator: 'eq', value: entity },
  { field: 'recordId', operator: 'eq', value: id },
];

/**
 * Where a list opened with no query is shown: the query its table writes into the address at once
 * (Refine's syncWithLocation). Opened there, the table finds it already written and does not
 * navigate again, which was a second render of the whole console.
 */
export const listAddress = (path: string, search: string) => (search ? `${path}${search}` : `${path}?pageSize=${LIST_PAGE_SIZE}&currentPage=1`);

const empty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** Refine filters as the API's query parameters: `field`, or `field.from` / `field.to` for ranges; lists comma-joined. */
export const filterParams = (filters: CrudFilter[] = []): Record<string, string> =>
  Object.fromEntries(
    filters.flatMap((filter) => {
      if (!('field' in filter) || empty(filter.value)) return [];
      const key = filter.operator === 'gte' ? `${filter.field}.from` : filter.operator === 'lte' ? `${filter.field}.to` : filter.field;
      const value = Array.isArray(filter.value) ? filter.value.join(',') : filter.value instanceof Date ? filter.value.toISOString() : String(filter.value);
      return [[key, value]];
    }),
  );

/** The server sorts by one field, `field,asc` or `field,desc`: the first sorter is the one sent; none means the entity's own order. */
export const sortParam = (sorters: CrudSort[] = []) => (sorters[0] ? `${sorters[0].field},${sorters[0].order}` : undefined);

/** What identifies a list's rows apart from the page: the same for every page, so cursors are kept by it. */
export const listParams = (pageSize: number, sorters?: CrudSort[], filters?: CrudFilter[]): Record<string, string> => {
  const sort = sortParam(sorters);
  return { pageSize: String(pageSize), ...(sort ? { sort } : {}), ...filterParams(filters) };
};

/** A list view's fixed values (`preset`), with `$me` read as the signed-in account's code. */
export function presetValues(list: RouteEntry): Record<string, string> {
  const me = sessionStore.userInfo()?.code ?? '';
  return Object.fromEntries(Object.entries(list.preset ?? {}).map(([field, value]) => [field, value === '$me' ? me : value]));
}

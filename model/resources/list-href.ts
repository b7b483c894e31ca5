/** One filter of a list, as Refine keeps it in the URL (`syncWithLocation`). */
export interface ListFilter {
  field: string;
  operator: 'eq' | 'in' | 'gte' | 'lte' | 'contains';
  value: string | string[];
}

/** A list's path with these filters, in the query-string form Refine's `syncWithLocation` reads (qs, indexed). */
export function listHref(path: string, filters: ListFilter[]): string {
  const pairs = filters.flatMap(({ field, operator, value }, index) => {
    const key = `filters[${index}]`;
    const values = Array.isArray(value) ? value.map((item, at) => [`${key}[value][${at}]`, item]) : [[`${key}[value]`, value]];
    return [[`${key}[field]`, field], [`${key}[operator]`, operator], ...values];
  });
  return pairs.length ? `${path}?${pairs.map(([key, value]) => `${key}=${encodeURIComponent(value!)}`).join('&')}` : path;
}

/**
 * A filter in the API's query form (`field`, `field.from`, `field.to`: a saved logic dataset's, a bulk
 * action's) as the list's own filters, each by how its field filters: what opens the list showing it.
 */
export function paramsAsFilters(kinds: Record<string, string | false>, params: Record<string, string | string[]>): ListFilter[] {
  return Object.entries(params).flatMap(([key, value]): ListFilter[] => {
    const [field = key, end] = key.split('.');
    if (end) return [{ field, operator: end === 'from' ? 'gte' : 'lte', value }];
    const kind = kinds[field];
    if (!kind) return [];
    const operator = kind === 'contains' ? 'contains' : kind === 'equals' ? 'eq' : 'in';
    return [{ field, operator, value: operator === 'in' && typeof value === 'string' ? value.split(',') : value }];
  });
}

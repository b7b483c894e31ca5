/** One filter of a list, as Refine keeps it in the URL (`syncWithLocation`). */
export interface ListFilter {
  field: string;
  operator: 'eq' | 'in' | 'gte' | 'lte';
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

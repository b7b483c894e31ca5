import { bag } from '../../../model/schemas/bag';
import { fieldEntries } from '../../../model/schemas/engine/entity';
import { ApiError } from '../../http/api-error';

export type BagFilter = Record<string, string | string[]>;

/** The query keys the raw-data list filters by: each filterable field, a range as `.from` and `.to`. */
const FILTER_KEYS = new Set(
  fieldEntries(bag).flatMap(([name, field]) => (!field.filter ? [] : field.filter === 'range' ? [`${name}.from`, `${name}.to`] : [name])),
);

const refused = (field: string) => new ApiError(400, 'dataset:errors.filter', {}, { field });

/**
 * A saved filter of the raw-data list (a logic dataset's, or "all that match" sent with a bulk action):
 * an object of its query keys and their values. A key the list does not filter by is refused rather
 * than ignored, because an ignored typo would quietly widen the dataset to the whole lake.
 */
export function parseBagFilter(source: unknown, field = 'filter'): BagFilter {
  let value = source;
  if (typeof source === 'string') {
    try {
      value = JSON.parse(source || '{}');
    } catch {
      throw refused(field);
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw refused(field);
  const filter: BagFilter = {};
  for (const [key, item] of Object.entries(value)) {
    const text = typeof item === 'number' ? String(item) : item;
    const fits = typeof text === 'string' || (Array.isArray(text) && text.every((part) => typeof part === 'string'));
    if (!FILTER_KEYS.has(key) || !fits) throw refused(field);
    if (text !== '' && !(Array.isArray(text) && text.length === 0)) filter[key] = text as string | string[];
  }
  return filter;
}

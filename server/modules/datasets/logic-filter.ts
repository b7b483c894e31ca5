import { bag } from '../../../model/schemas/bag';
import { fieldEntries } from '../../../model/schemas/engine/entity';
import type { AnyEntity } from '../../../model/schemas/engine/types';
import { ApiError } from '../../http/api-error';

export type ListFilter = Record<string, string | string[]>;

/** The query keys an entity's list filters by: each filterable field, a range as `.from` and `.to`. */
const filterKeys = (entity: AnyEntity) =>
  new Set(fieldEntries(entity).flatMap(([name, field]) => (!field.filter ? [] : field.filter === 'range' ? [`${name}.from`, `${name}.to`] : [name])));
const KEYS = new WeakMap<AnyEntity, ReadonlySet<string>>();

/**
 * A saved filter of a list (a logic dataset's, "all that match" sent with a bulk action, a processing
 * record's members): an object of the list's query keys and their values, as JSON text or as the
 * object. A key the list does not filter by is refused rather than ignored, because an ignored typo
 * would quietly widen the selection to everything.
 */
export function parseListFilter(entity: AnyEntity, source: unknown, refused: () => ApiError): ListFilter {
  let value = source;
  if (typeof source === 'string') {
    try {
      value = JSON.parse(source || '{}');
    } catch {
      throw refused();
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw refused();
  const keys = KEYS.get(entity) ?? KEYS.set(entity, filterKeys(entity)).get(entity)!;
  const filter: ListFilter = {};
  for (const [key, item] of Object.entries(value)) {
    const text = typeof item === 'number' ? String(item) : item;
    const fits = typeof text === 'string' || (Array.isArray(text) && text.every((part) => typeof part === 'string'));
    if (!keys.has(key) || !fits) throw refused();
    if (text !== '' && !(Array.isArray(text) && text.length === 0)) filter[key] = text as string | string[];
  }
  return filter;
}

/** A saved filter of the raw-data list. */
export const parseBagFilter = (source: unknown, field = 'filter'): ListFilter =>
  parseListFilter(bag, source, () => new ApiError(400, 'dataset:errors.filter', {}, { field }));

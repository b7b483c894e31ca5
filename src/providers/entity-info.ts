import { entityDirectory } from './entity-directory';
import type { EntityView } from '../../model/resources/types';
import type { EntityInfo } from '../../model/schemas/engine/info';

const loading = new Map<string, Promise<EntityInfo>>();

/** An entity's info, for its generated pages: each entity's in a chunk of its own (entity-directory.ts), loaded once unless that failed. */
export function loadEntityInfo(name: string): Promise<EntityInfo> {
  let promise = loading.get(name);
  if (!promise) {
    const known = entityDirectory[name];
    promise = known ? known.load().then((module) => module.default) : Promise.reject(new Error(`no entity is named ${name}`));
    // Once in, React's use() reads it without suspending (as it marks a promise it has seen settle).
    const settled = promise;
    settled.then((value) => Object.assign(settled, { status: 'fulfilled', value })).catch(() => undefined);
    loading.set(name, promise);
    promise.catch(() => loading.delete(name)); // offline: tried again next time
  }
  return promise;
}

/**
 * The locale namespaces of an entity's page: its own and those of the entities it links to; a record's
 * page (`show`), those of the entities linking to it too. A list of bags read five namespaces it never showed.
 */
export const entityCatalogues = (name: string, view?: EntityView): string[] =>
  (view === 'show' ? entityDirectory[name]?.recordNamespaces : entityDirectory[name]?.namespaces) ?? [];

/** The field that names an entity's records. */
export const entityTitle = (name: string): string => entityDirectory[name]?.title ?? 'id';

import type { Permission } from '../../model/access/permissions';
import { grantsOf, holdersOf, type Grant, type Operation } from '../../model/resources/grants';
import { routeEntries } from '../../model/resources/index';
import type { RouteEntry } from '../../model/resources/types';
import type { AnyEntity } from '../../model/schemas/engine/types';
import { entities } from '../../model/schemas/index';

/** An entity served by the API: where, and who may do what to which of its records (from its lists, spec §6). */
export interface ApiResource {
  entity: AnyEntity;
  api: string;
  /** Per operation, the lists that grant it: who, and on which rows (a view's preset). */
  grants: (operation: Operation) => Grant[];
  /** Who may call an operation at all (the route's guard); the grants then decide per record. */
  auth: { read?: readonly Permission[]; create?: readonly Permission[]; update?: readonly Permission[]; delete?: readonly Permission[] };
  actionAuth: (action: string) => readonly Permission[] | undefined;
}

/**
 * One per listed entity among these routes: the same declarations the console's menus read. The
 * first list route of an entity that is not `secondary` places its API; every list grants what it
 * shows (src/resources/grants.ts).
 */
export const apiResourcesOf = (entries: RouteEntry[], declared: AnyEntity[] = entities): ApiResource[] =>
  entries.flatMap((entry) => {
    if (entry.view !== 'list' || !entry.entity || !entry.api) return [];
    const entity = declared.find((candidate) => candidate.name === entry.entity);
    if (!entity) throw new Error(`${entry.fullPath} lists the entity "${entry.entity}", which src/schemas does not declare`);
    const lists = entries.filter((other) => other.view === 'list' && other.entity === entry.entity);
    if ((lists.find((list) => !list.secondary) ?? lists[0]) !== entry) return [];
    const grants = (operation: Operation) => grantsOf(entries, entity.name, operation, entity.states?.actions[operation]?.auth);
    const holders = (operation: Operation) => holdersOf(grants(operation));
    return [
      {
        entity,
        api: entry.api,
        grants,
        auth: { read: holders('read'), create: holders('create'), update: holders('update'), delete: holders('delete') },
        actionAuth: holders,
      },
    ];
  });

/** Every entity list declared in src/resources. */
export const apiResources = apiResourcesOf(routeEntries);

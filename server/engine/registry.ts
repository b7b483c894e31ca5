import type { Permission } from '../../src/access/permissions';
import { routeEntries } from '../../src/resources/index';
import type { RouteEntry } from '../../src/resources/types';
import type { AnyEntity } from '../../src/schemas/engine/types';
import { entities } from '../../src/schemas/index';

/** An entity served by the API: where, and who may do what (from its resource entry, spec §6). */
export interface ApiResource {
  entity: AnyEntity;
  api: string;
  auth: { read?: readonly Permission[]; create?: readonly Permission[]; update?: readonly Permission[]; delete?: readonly Permission[] };
  actionAuth: (action: string) => readonly Permission[] | undefined;
}

/**
 * One per listed entity among these routes: the same declarations the console's menus read. The
 * first list route of an entity places its API and decides its writes; whoever may open any of its
 * lists (its views: my tickets, raw datasets) may read.
 */
export const apiResourcesOf = (entries: RouteEntry[], declared: AnyEntity[] = entities): ApiResource[] =>
  entries.flatMap((entry) => {
    if (entry.view !== 'list' || !entry.entity || !entry.api) return [];
    const entity = declared.find((candidate) => candidate.name === entry.entity);
    if (!entity) throw new Error(`${entry.fullPath} lists the entity "${entry.entity}", which src/schemas does not declare`);
    const lists = entries.filter((other) => other.view === 'list' && other.entity === entry.entity);
    if ((lists.find((list) => !list.secondary) ?? lists[0]) !== entry) return [];
    const read = lists.some((list) => !list.effectiveAuth) ? undefined : [...new Set(lists.flatMap((list) => list.effectiveAuth!))];
    const action = (name: string) => entry.actions?.[name] ?? read;
    return [
      {
        entity,
        api: entry.api,
        auth: { read, create: action('create'), update: action('update'), delete: action('delete') },
        actionAuth: (name: string) => entity.states?.actions[name]?.auth ?? action(name),
      },
    ];
  });

/** Every entity list declared in src/resources. */
export const apiResources = apiResourcesOf(routeEntries);

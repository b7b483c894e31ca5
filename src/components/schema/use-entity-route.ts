import { useLocation } from 'react-router';
import { matchEntry } from '../../resources/index';
import type { RouteEntry } from '../../resources/types';
import type { AnyEntity } from '../../schemas/engine/types';
import { entityByName } from '../../schemas/index';

export interface EntityRoute {
  entry: RouteEntry;
  entity: AnyEntity;
  /** The list route: its path names the Refine resource. */
  list: RouteEntry;
  resource: string;
  /** The record id of a show or edit page (its path's last parameter), or its name where the list shows by name. */
  id?: string;
}

/** Which entity page this is, from the route declarations: the generated pages need nothing else. */
export function useEntityRoute(): EntityRoute {
  const match = matchEntry(useLocation().pathname);
  const entry = match?.entry;
  if (!match || !entry?.entity) throw new Error('not an entity page');
  const list = entry.view === 'list' ? entry : entry.list!;
  return { entry, entity: entityByName.get(entry.entity)!, list, resource: list.fullPath, id: Object.values(match.params).at(-1) };
}

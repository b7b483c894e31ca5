import { useLocation } from 'react-router';
import { matchEntry } from '../../resources/index';
import type { RouteEntry } from '../../resources/types';
import type { AnyEntity } from '../../schemas/engine/types';
import { useCatalogues } from '../../hooks/use-catalogues';
import { entityByName } from '../../schemas/index';
import { entityCatalogues } from '../../app/entity-catalogues';

export interface EntityRoute {
  entry: RouteEntry;
  entity: AnyEntity;
  /** The list route: its path names the Refine resource. */
  list: RouteEntry;
  resource: string;
  /** The record id of a show or edit page (its path's last parameter), or its name where the list shows by name. */
  id?: string;
}

/** The texts of an entity's pages: its own namespace and those of the entities it links with. */
export const useEntityCatalogues = (entity: AnyEntity) => useCatalogues(entityCatalogues(entity));

/** Which entity page this is, from the route declarations: the generated pages need nothing else. */
export function useEntityRoute(): EntityRoute {
  const match = matchEntry(useLocation().pathname);
  const entry = match?.entry;
  if (!match || !entry?.entity) throw new Error('not an entity page');
  const list = entry.view === 'list' ? entry : entry.list!;
  const entity = entityByName.get(entry.entity)!;
  useEntityCatalogues(entity);
  return { entry, entity, list, resource: list.fullPath, id: Object.values(match.params).at(-1) };
}

import { use } from 'react';
import { useLocation } from 'react-router';
import { entityCatalogues, loadEntityInfo } from '../../../../providers/entity-info';
import { useCatalogues } from '../../../hooks/use-catalogues';
import { matchEntry } from '../../../../../model/resources/index';
import type { RouteEntry } from '../../../../../model/resources/types';
import type { EntityInfo } from '../../../../../model/schemas/engine/info';

export interface EntityRoute {
  entry: RouteEntry;
  /** What the pages read of the entity (its full declaration, with the validators, is in src/schemas). */
  entity: EntityInfo;
  /** The list route: its path names the Refine resource. */
  list: RouteEntry;
  resource: string;
  /** The record id of a show or edit page (its path's last parameter), or its name where the list shows by name. */
  id?: string;
}

/** Which entity page this is, from the route declarations and the entity's info (loaded with the page: route-data.ts). */
export function useEntityRoute(): EntityRoute {
  const match = matchEntry(useLocation().pathname);
  const entry = match?.entry;
  if (!match || !entry?.entity) throw new Error('not an entity page');
  const list = entry.view === 'list' ? entry : entry.list!;
  const entity = use(loadEntityInfo(entry.entity));
  useCatalogues(entityCatalogues(entry.entity, entry.view));
  return { entry, entity, list, resource: list.fullPath, id: Object.values(match.params).at(-1) };
}

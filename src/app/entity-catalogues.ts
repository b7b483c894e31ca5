import { loadNamespaces } from '../providers/i18n';
import { entityNamespaces } from '../schemas/engine/entity';
import { entities, entityByName } from '../schemas/index';
import type { AnyEntity } from '../schemas/engine/types';

/** The texts of an entity's pages: its own namespace and those of the entities it links with. */
export const entityCatalogues = (entity: AnyEntity) => entityNamespaces(entity, entities);

/** Loads them ahead of the page (route-data.ts): the page then finds them in. */
export const loadEntityCatalogues = (entityName: string) => {
  const entity = entityByName.get(entityName);
  return entity ? loadNamespaces(entityCatalogues(entity)) : Promise.resolve();
};

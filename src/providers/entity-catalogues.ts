import { loadNamespaces } from './i18n';
import { entityCatalogues, loadEntityInfo } from './entity-info';
import type { EntityView } from '../../model/resources/types';

/** Loads what an entity's pages start from, ahead of the page (route-data.ts): its info and its texts, side by side. */
export const loadEntityCatalogues = (entityName: string, view?: EntityView) =>
  Promise.all([loadEntityInfo(entityName), loadNamespaces(entityCatalogues(entityName, view))]);

import { loadNamespaces } from '../providers/i18n';
import { entityCatalogues, loadEntityInfo } from './entity-info';

/** Loads what an entity's pages start from, ahead of the page (route-data.ts): its info and its texts, side by side. */
export const loadEntityCatalogues = (entityName: string, view?: string) =>
  Promise.all([loadEntityInfo(entityName), loadNamespaces(entityCatalogues(entityName, view))]);

import { use } from 'react';
import { currentLanguage, hasNamespaces, loadNamespaces } from '../providers/i18n';

const loading = new Map<string, Promise<void>>();

/** Suspends until these locale namespaces are loaded (a page's own texts come with the page). */
export function useCatalogues(namespaces: readonly string[]): void {
  if (hasNamespaces(namespaces)) return;
  const key = `${currentLanguage()}:${[...namespaces].sort().join(',')}`;
  let promise = loading.get(key);
  if (!promise) loading.set(key, (promise = loadNamespaces(namespaces)));
  use(promise);
}

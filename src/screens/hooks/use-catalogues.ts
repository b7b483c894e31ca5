import { use } from 'react';
import { currentLanguage, hasNamespaces, loadNamespaces } from '../../providers/i18n';

/** A promise React's use() reads without suspending (it looks at `status` first). */
const settled = (): Promise<void> => Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined });

const loading = new Map<string, Promise<void>>();

/**
 * Suspends until these locale namespaces are loaded (a page's own texts come with the page).
 *
 * use() is called on every render, never only while something is missing: React replays a component
 * that suspended once its promise settles, and expects the same use() calls at the same places. A
 * replay that skipped use() (the namespaces had arrived meanwhile) left the hooks after it without
 * their state: React error #467 in the concurrent render, recovered by rendering the whole root
 * synchronously and reported as #520.
 */
export function useCatalogues(namespaces: readonly string[]): void {
  const key = `${currentLanguage()}:${[...namespaces].sort().join(',')}`;
  let promise = loading.get(key);
  if (!promise) {
    promise = hasNamespaces(namespaces) ? settled() : loadNamespaces(namespaces);
    loading.set(key, promise);
    promise.catch(() => loading.delete(key)); // a failed load (offline) is tried again on the next render
  }
  use(promise);
}

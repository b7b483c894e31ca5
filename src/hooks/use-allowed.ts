import { useCan } from '@refinedev/core';
import { answerNow } from '../providers/access-control';

/**
 * Refine's useCan for a resource and action, answered in the first render where the answer needs
 * nothing loaded: it was undefined until the provider's promise settled, then the whole page
 * rendered again to show a button (issue #11). The query still asks the provider, as before.
 */
export function useAllowed(resource: string, action: string): boolean | undefined {
  const now = answerNow(resource, action);
  return useCan({ resource, action, queryOptions: now && { initialData: now } }).data?.can;
}

import { useCan } from '@refinedev/core';
import { answerNow } from '../../providers/access-control';

/**
 * Refine's useCan for a resource and action, answered in the first render where the answer needs
 * nothing loaded. Only then is the provider not asked: it would give the same answer,
 * and its query settling (fetching, then idle) rendered the whole list page again, rows and all.
 */
export function useAllowed(resource: string, action: string): boolean | undefined {
  const now = answerNow(resource, action);
  const asked = useCan({ resource, action, queryOptions: { enabled: now === undefined } }).data?.can;
  return now ? now.can : asked;
}

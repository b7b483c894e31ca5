import type { Access } from '../auth/guard';
import { apiResources } from './registry';

/**
 * Who may call a module's own route about an entity's records: those its lists grant the operation
 * (src/resources), as its generic API does. Which records, the route asks the reach.
 */
export function listAccess(entity: string, operation: string): Access {
  const resource = apiResources.find((candidate) => candidate.entity.name === entity);
  if (!resource) throw new Error(`no list serves the ${entity} entity`);
  return (operation === 'read' ? resource.auth.read : resource.actionAuth(operation)) ?? 'signedIn';
}

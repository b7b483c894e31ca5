import type { Access } from '../../auth/guard';
import { apiResources } from '../../engine/registry';

/** Who may call the lake's own routes: those the raw-data list grants the operation (src/resources), as its generic API does. */
export function bagAccess(operation: 'read' | 'upload'): Access {
  const bags = apiResources.find((resource) => resource.entity.name === 'bag');
  if (!bags) throw new Error('no list serves the bag entity');
  return (operation === 'read' ? bags.auth.read : bags.actionAuth(operation)) ?? 'signedIn';
}

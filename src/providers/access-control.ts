import type { AccessControlProvider } from '@refinedev/core';
import { allows } from '../access/permissions';
import { canOpen, entryByPath } from '../resources/index';
import { currentPermissions } from './permissions';

/**
 * Spec §6, evaluated locally from the resource declarations. A Refine resource is named by its
 * route path; an action declared on the route (create, resetPassword, ...) has its own list,
 * anything else follows the route's auth.
 */
export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action, params }) => {
    const entry = entryByPath.get(params?.resource?.name ?? resource ?? '');
    if (!entry) return { can: false, reason: 'unknown resource' };
    const permissions = currentPermissions();
    const actionAuth = entry.actions?.[action];
    return { can: actionAuth ? allows(permissions, actionAuth) : canOpen(entry, permissions) };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};

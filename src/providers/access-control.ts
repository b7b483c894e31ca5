import type { AccessControlProvider } from '@refinedev/core';
import { allows } from '../access/permissions';
import { canOpen, entryByPath } from '../resources/index';
import { currentPermissions } from './permissions';

/**
 * Spec §6, evaluated locally from the resource declarations. A Refine resource is named by its
 * route path; an action with its own list (on the entity's transition or the route: create,
 * resetPassword, ...) follows that list, anything else follows the route's auth.
 */
const STANDARD = new Set(['list', 'show', 'create', 'update', 'delete']);

export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action, params }) => {
    const entry = entryByPath.get(params?.resource?.name ?? resource ?? '');
    if (!entry) return { can: false, reason: 'unknown resource' };
    const permissions = currentPermissions();
    const name = action === 'edit' ? 'update' : action; // Refine's word for what the resources call update
    // A transition's own list lives on the entity, loaded only where entities are shown.
    const transitionAuth =
      entry.entity && !STANDARD.has(name) ? (await import('../schemas/index')).entityByName.get(entry.entity)?.states?.actions[name]?.auth : undefined;
    const actionAuth = transitionAuth ?? entry.actions?.[name];
    return { can: actionAuth ? allows(permissions, actionAuth) : canOpen(entry, permissions) };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};

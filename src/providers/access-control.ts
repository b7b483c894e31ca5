import type { AccessControlProvider } from '@refinedev/core';
import { allows } from '../access/permissions';
import { canOpen, entityListEntry, entryByPath } from '../resources/index';
import { currentPermissions } from './permissions';

/**
 * Spec §6, evaluated locally from the resource declarations. A Refine resource is named by its
 * route path; an action with its own list (on the entity's transition or the route: create,
 * resetPassword, ...) follows that list, anything else follows the route's auth. A view of an
 * entity (a second list: my tickets) reads by its own auth and writes by the entity's first list.
 */
const STANDARD = new Set(['list', 'show', 'create', 'update', 'delete']);

export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action, params }) => {
    const opened = entryByPath.get(params?.resource?.name ?? resource ?? '');
    if (!opened) return { can: false, reason: 'unknown resource' };
    const permissions = currentPermissions();
    const name = action === 'edit' ? 'update' : action; // Refine's word for what the resources call update
    if (name === 'list' || name === 'show') return { can: canOpen(opened, permissions) };
    const entry = (opened.entity && entityListEntry(opened.entity)) || opened;
    // A transition's own list lives on the entity, loaded only where entities are shown.
    const transitionAuth =
      entry.entity && !STANDARD.has(name) ? (await import('../schemas/index')).entityByName.get(entry.entity)?.states?.actions[name]?.auth : undefined;
    const actionAuth = transitionAuth ?? entry.actions?.[name];
    return { can: actionAuth ? allows(permissions, actionAuth) : canOpen(entry, permissions) };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};

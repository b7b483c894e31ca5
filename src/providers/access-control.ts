import type { AccessControlProvider } from '@refinedev/core';
import { allows } from '../access/permissions';
import { grantsOf, heldGrants } from '../resources/grants';
import { canOpen, entityListEntry, entryByPath, routeEntries } from '../resources/index';
import { currentPermissions } from './permissions';

/**
 * Spec §6, evaluated locally from the resource declarations, as the server does (src/resources/grants.ts).
 * A Refine resource is named by its route path. Pages open by their auth; a write is allowed where
 * a list grants it: a list over all the records, or the view the page belongs to (my tickets).
 */
const STANDARD = new Set(['list', 'show', 'create', 'update', 'delete']);

export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action, params }) => {
    const opened = entryByPath.get(params?.resource?.name ?? resource ?? '');
    if (!opened) return { can: false, reason: 'unknown resource' };
    const permissions = currentPermissions();
    const name = action === 'edit' ? 'update' : action; // Refine's word for what the resources call update
    if (name === 'list' || name === 'show') return { can: canOpen(opened, permissions) };
    if (!opened.entity) return { can: allows(permissions, opened.actions?.[name] ?? opened.effectiveAuth) };
    const list = opened.list ?? (opened.view === 'list' ? opened : entityListEntry(opened.entity));
    // A transition's own list lives on the entity, loaded only where entities are shown.
    const transitionAuth = STANDARD.has(name) ? undefined : (await import('../schemas/index')).entityByName.get(opened.entity)?.states?.actions[name]?.auth;
    const held = heldGrants(grantsOf(routeEntries, opened.entity, name, transitionAuth), permissions);
    return { can: held.some((grant) => !grant.preset || grant.list === list) };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};

import type { AccessControlProvider } from '@refinedev/core';
import { allows, type Permission } from '../../model/access/permissions';
import { entityDirectory } from './entity-directory';
import { grantsOf, heldGrants } from '../../model/resources/grants';
import { canOpen, entityListEntry, entryByPath, listsOf } from '../../model/resources/index';
import type { RouteEntry } from '../../model/resources/types';
import type { EntityInfo } from '../../model/schemas/engine/info';
import { currentPermissions } from './permissions';

const STANDARD = new Set(['list', 'show', 'create', 'update', 'delete']);
/** Refine's word for what the resources call update. */
const actionName = (action: string) => (action === 'edit' ? 'update' : action);
/** A transition's own list of who may run it lives on its entity. */
const isTransition = (action: string) => !STANDARD.has(actionName(action));

/**
 * Spec §6, evaluated locally from the resource declarations, as the server does (src/resources/grants.ts).
 * Pages open by their auth; a write is allowed where a list grants it: a list over all the records,
 * or the view the page belongs to (my tickets). A transition needs its entity's declaration.
 */
export function actionAllowed(opened: RouteEntry, action: string, permissions: readonly Permission[], entity?: EntityInfo): boolean {
  const name = actionName(action);
  if (name === 'list' || name === 'show') return canOpen(opened, permissions);
  if (!opened.entity) return allows(permissions, opened.actions?.[name] ?? opened.effectiveAuth);
  const list = opened.list ?? (opened.view === 'list' ? opened : entityListEntry(opened.entity));
  const transitionAuth = isTransition(name) ? entity?.states?.actions[name]?.auth : undefined;
  const held = heldGrants(grantsOf(listsOf(opened.entity), opened.entity, name, transitionAuth), permissions);
  return held.some((grant) => !grant.preset || grant.list === list);
}

/** Whether an action's answer needs its entity's info: a transition of its state machine does; an action its lists declare (upload) does not. */
const needsEntity = (opened: RouteEntry, action: string) =>
  Boolean(opened.entity) && (entityDirectory[opened.entity!]?.transitions.includes(actionName(action)) ?? isTransition(action));

/** The answer, where it needs nothing loaded (all but an entity's transitions): a page can have it in its first render. */
export function answerNow(resource: string, action: string): { can: boolean; reason?: string } | undefined {
  const opened = entryByPath.get(resource);
  if (!opened) return { can: false, reason: 'unknown resource' };
  return needsEntity(opened, action) ? undefined : { can: actionAllowed(opened, action, currentPermissions()) };
}

/** A Refine resource is named by its route path. */
export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action, params }) => {
    const name = params?.resource?.name ?? resource ?? '';
    const now = answerNow(name, action);
    if (now) return now;
    // Entities load only where entities are shown (their info, without the validators).
    const opened = entryByPath.get(name)!;
    const entity = await (await import('./entity-info')).loadEntityInfo(opened.entity!);
    return { can: actionAllowed(opened, action, currentPermissions(), entity) };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};

import { allows, type Permission } from '../access/permissions';
import type { RouteEntry } from './types';

/** What a caller does with an entity's records: read them, or one of the writes (create, update, delete, a transition). */
export type Operation = 'read' | 'create' | 'update' | 'delete' | (string & {});

/**
 * One list's grant of one operation: who holds it (none: every signed-in user) and, for a view
 * (my tickets), the rows it covers: its preset, `$me` being the caller.
 */
export interface Grant {
  auth?: readonly Permission[];
  preset?: Record<string, string>;
  list: RouteEntry;
}

/**
 * Who may write through a list: a transition's own list, else the list's word for the write, else
 * the entity's main list's (a view writes as the list it is a view of), else whoever opens the list.
 */
const writersOf = (list: RouteEntry, main: RouteEntry, operation: string, transitionAuth?: readonly Permission[]) =>
  transitionAuth ?? list.actions?.[operation] ?? main.actions?.[operation] ?? list.effectiveAuth;

/**
 * Spec §6 per record. Every list of an entity grants its readers the rows it shows and, unless it
 * is a read-only `secondary` list, its writers the writes on those rows. Reads never imply writes:
 * a write is granted only by a list that is not secondary, to whoever it names for that write.
 */
export function grantsOf(entries: readonly RouteEntry[], entityName: string, operation: Operation, transitionAuth?: readonly Permission[]): Grant[] {
  const lists = entries.filter((entry) => entry.view === 'list' && entry.entity === entityName);
  const main = lists.find((list) => !list.secondary) ?? lists[0];
  return lists.flatMap((list): Grant[] => {
    if (operation === 'read') return [{ auth: list.effectiveAuth, preset: list.preset, list }];
    if (list.secondary) return [];
    const auth = writersOf(list, main!, operation, transitionAuth);
    return auth && auth.length === 0 ? [] : [{ auth, preset: list.preset, list }];
  });
}

/** The grants a caller holds. */
export const heldGrants = (grants: readonly Grant[], permissions: readonly Permission[]) => grants.filter((grant) => allows(permissions, grant.auth));

/** Who holds any of the grants: `undefined` when one is open to every signed-in user, `[]` when none exists. */
export function holdersOf(grants: readonly Grant[]): readonly Permission[] | undefined {
  if (grants.some((grant) => !grant.auth)) return undefined;
  return [...new Set(grants.flatMap((grant) => grant.auth!))];
}

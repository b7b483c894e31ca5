import type { Principal } from '../auth/guard';

/** The name the system's writes carry in createdBy/updatedBy (jobs, runners, the demo seed). */
export const SYSTEM_ACTOR = 'system';

/**
 * Who writes: a signed-in person, held to the grants of their lists, or the system acting within
 * one space (or on the platform's records: tenantId null), held to the entity's rules only.
 */
export type Actor = { kind: 'person'; principal: Principal } | { kind: 'system'; tenantId: number | null };

export const personActor = (principal: Principal): Actor => ({ kind: 'person', principal });
export const systemActor = (tenantId: number | null): Actor => ({ kind: 'system', tenantId });

/** The name a write by this actor leaves in createdBy/updatedBy. */
export const actorName = (actor: Actor): string => (actor.kind === 'person' ? actor.principal.account.code : SYSTEM_ACTOR);

/** The space the actor writes in; null for the system on the platform's records. */
export const actorTenant = (actor: Actor): number | null => (actor.kind === 'person' ? actor.principal.tenant.id : actor.tenantId);

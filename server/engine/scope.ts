import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { heldGrants, type Operation } from '../../model/resources/grants';
import type { AnyEntity, FieldDecl } from '../../model/schemas/engine/types';
import type { Principal } from '../auth/guard';
import type { ApiResource } from './registry';

/** The rows of one entity a caller reaches for one operation. */
export interface Scope {
  entity: AnyEntity;
  /** The caller's space; null for the platform's records, or for every space's where the platform's staff oversee them. */
  tenantId: number | null;
  /** null: every row there; otherwise the rows of at least one of these views (field → value, `$me` resolved). */
  views: Record<string, string>[] | null;
  /** Rows that belong to a record the caller reaches only in part (an annotation, to its ticket) go with it. */
  parent?: { field: string; scope: Scope };
}

/** Whose rows: a space's own, everything of a platform entity, every space's of an entity the platform's staff oversee (feedback). */
export const tenantScope = (principal: Principal, entity: AnyEntity): number | null =>
  entity.scope === 'platform' || (entity.platformSeesAll && principal.tenant.internal) ? null : principal.tenant.id;

/** The space alone, whatever the views: for what the caller may point at but not list. */
export const spaceScope = (principal: Principal, entity: AnyEntity): Scope => ({ entity, tenantId: tenantScope(principal, entity), views: null });

/** Whether the scope holds the caller to some of its space's rows (views, or a parent it reaches in part). */
export const restricted = (scope: Scope) => scope.views !== null || scope.parent !== undefined;

type Builder = ExpressionBuilder<any, any>;

/** A view's condition: a text field equals its value, a tags field contains it. */
function viewCondition(eb: Builder, entity: AnyEntity, view: Record<string, string>): Expression<SqlBool> {
  return eb.and(
    Object.entries(view).map(([name, value]) =>
      (entity.fields[name] as FieldDecl | undefined)?.column === 'text[]' ? eb(name, '@>', sql<string[]>`array[${value}]::text[]`) : eb(name, '=', value),
    ),
  );
}

/** The scope as a condition on its entity's table. */
export const inScope =
  (scope: Scope) =>
  (eb: Builder): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = [];
    if (scope.tenantId !== null) conditions.push(eb('tenantId', '=', scope.tenantId));
    if (scope.views) conditions.push(scope.views.length ? eb.or(scope.views.map((view) => viewCondition(eb, scope.entity, view))) : sql<boolean>`false`);
    if (scope.parent) {
      const { field, scope: outer } = scope.parent;
      conditions.push(eb(field, 'in', eb.selectFrom(outer.entity.table).select('id').where(inScope(outer))));
    }
    return eb.and(conditions);
  };

/** What a caller reaches of each entity the app serves. */
export interface Reach {
  /** Whether a list serves the entity (its grants decide); the rest are guarded by their modules' own routes (accounts). */
  serves(entity: string): boolean;
  /** The rows an operation may touch: the views of the lists granting it to the caller. */
  scope(principal: Principal, entity: string, operation: Operation): Scope;
  /** The rows a reference may point at: those the caller reads, or the whole space where it reads none of that entity. */
  referable(principal: Principal, entity: string): Scope;
}

export function reachOf(resources: readonly ApiResource[]): Reach {
  const byName = new Map(resources.map((resource) => [resource.entity.name, resource]));
  const scope = (principal: Principal, name: string, operation: Operation): Scope => {
    const resource = byName.get(name);
    if (!resource) throw new Error(`no served entity "${name}"`);
    const { entity } = resource;
    const held = heldGrants(resource.grants(operation), principal.permissions);
    const me = principal.account.code;
    const views = held.some((grant) => !grant.preset)
      ? null
      : held.map((grant) => Object.fromEntries(Object.entries(grant.preset!).map(([field, value]) => [field, value === '$me' ? me : value])));
    const parentField = entity.belongsTo as string | undefined;
    const parentEntity = parentField && (entity.fields[parentField] as FieldDecl).reference;
    const outer = parentEntity ? scope(principal, parentEntity, 'read') : undefined;
    return { ...spaceScope(principal, entity), views, ...(outer && restricted(outer) ? { parent: { field: parentField!, scope: outer } } : {}) };
  };
  return {
    serves: (name) => byName.has(name),
    scope,
    referable: (principal, name) => {
      const resource = byName.get(name);
      if (!resource) throw new Error(`no served entity "${name}"`);
      const reads = heldGrants(resource.grants('read'), principal.permissions).length > 0;
      return reads ? scope(principal, name, 'read') : spaceScope(principal, resource.entity);
    },
  };
}

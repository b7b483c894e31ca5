import type { Kysely } from 'kysely';
import type { AnyEntity } from '../../src/schemas/engine/types';
import type { Principal } from '../auth/guard';
import type { Db } from '../db/tables';
import { ApiError, notFound } from '../http/api-error';
import { snake } from './naming';

export type AnyDb = Kysely<any>;
export const loose = (db: Db) => db as unknown as AnyDb;

/**
 * Whose rows a caller reaches: a space's own, everything of a platform entity, and every space's
 * rows of an entity the platform's staff oversee (feedback) when the caller is platform staff.
 */
export const tenantScope = (principal: Principal, entity: AnyEntity): number | null =>
  entity.scope === 'platform' || (entity.platformSeesAll && principal.tenant.internal) ? null : principal.tenant.id;

/** The rows of these ids the caller reaches; any id out of reach is simply not found. */
export async function rowsInScope(db: Db, entity: AnyEntity, tenantId: number | null, ids: number[]): Promise<Record<string, unknown>[]> {
  let query = loose(db).selectFrom(entity.table).selectAll().where('id', 'in', ids);
  if (tenantId !== null) query = query.where('tenantId', '=', tenantId);
  const rows = (await query.execute()) as Record<string, unknown>[];
  if (rows.length !== new Set(ids).size) throw notFound();
  return rows;
}

/** Spec §5 uniqueness, decided by the database's unique indexes (races included): 409 naming the field. */
export async function uniquely<T>(entity: AnyEntity, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const { code, detail } = error as { code?: string; detail?: string };
    if (code !== '23505') throw error;
    const columns =
      /Key \(([^)]+)\)/
        .exec(detail ?? '')?.[1]
        ?.split(',')
        .map((column) => column.trim()) ?? [];
    const column = columns.find((name) => name !== 'tenant_id') ?? columns[0] ?? '';
    const field = Object.keys(entity.fields).find((name) => snake(name) === column) ?? column;
    throw new ApiError(409, 'errors:duplicate', { label: entity.fields[field]?.label ?? field }, { field });
  }
}

import type { Kysely } from 'kysely';
import type { AnyEntity } from '../../model/schemas/engine/types';
import type { Db } from '../db/tables';
import { ApiError, notFound } from '../http/api-error';
import { snake } from './naming';
import { inScope, type Scope } from './scope';

export type AnyDb = Kysely<any>;
export const loose = (db: Db) => db as unknown as AnyDb;

/** The rows of these ids the caller reaches; any id out of reach is simply not found. */
export async function rowsInScope(db: Db, scope: Scope, ids: number[]): Promise<Record<string, unknown>[]> {
  const rows = (await loose(db).selectFrom(scope.entity.table).selectAll().where('id', 'in', ids).where(inScope(scope)).execute()) as Record<string, unknown>[];
  if (rows.length !== new Set(ids).size) throw notFound();
  return rows;
}

/** A statement refused because a unique key it writes is taken (PostgreSQL's 23505). */
export const isUniqueViolation = (error: unknown) => (error as { code?: string } | undefined)?.code === '23505';

/** Spec §5 uniqueness, decided by the database's unique indexes (races included): 409 naming the field. */
export async function uniquely<T>(entity: AnyEntity, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const { detail } = error as { detail?: string };
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

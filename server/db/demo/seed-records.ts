import { sql } from 'kysely';
import { createPayload, type EntityRecord } from '../../../src/schemas/engine/entity';
import type { AnyEntity } from '../../../src/schemas/engine/types';
import { loose } from '../../engine/queries';
import { initialValues, toRecord, toRow } from '../../engine/records';
import type { Db } from '../tables';

/** A demo record as written: the create payload, plus state or system fields a real history would have set. */
export type DemoRecord = Record<string, unknown> & { createdBy?: string; createdTime?: Date };

/**
 * Writes records of a declared entity as the system would (states, counters taken as given), holding
 * each to the entity's own create rules so it can never be what the API would refuse. Returns them with ids.
 */
export async function insertRecords<E extends AnyEntity>(
  db: Db,
  entity: E,
  tenantId: number | null,
  records: DemoRecord[],
  now: Date,
): Promise<EntityRecord<E>[]> {
  const rules = createPayload(entity);
  const rows = records.map(({ createdBy = 'seed', createdTime = now, ...values }) => {
    const checked = rules.safeParse(values);
    if (!checked.success) throw new Error(`a ${entity.name} record breaks its rules: ${checked.error.message}`);
    const unchecked = Object.fromEntries(Object.entries(values).filter(([name]) => !(name in checked.data)));
    return {
      ...initialValues(entity),
      ...toRow(entity, { ...unchecked, ...checked.data }),
      ...(entity.scope === 'tenant' ? { tenantId } : {}),
      createdBy,
      updatedBy: createdBy,
      createdTime,
      updatedTime: createdTime,
    };
  });
  if (rows.length === 0) return [];
  const inserted = (await loose(db).insertInto(entity.table).values(rows).returningAll().execute()) as Record<string, unknown>[];
  return inserted.map((row) => toRecord(entity, row) as EntityRecord<E>);
}

/** Demo records of an entity, written once: only while the space (or a platform entity's table) has none. */
export async function seedRecords<E extends AnyEntity>(
  db: Db,
  entity: E,
  tenantId: number | null,
  records: DemoRecord[],
  now: Date,
): Promise<EntityRecord<E>[]> {
  const scoped = entity.scope === 'tenant' ? sql`where tenant_id = ${tenantId}` : sql``;
  const existing = await sql<{ n: string }>`select count(*) as n from ${sql.table(entity.table)} ${scoped}`.execute(db);
  return Number(existing.rows[0]!.n) > 0 ? [] : insertRecords(db, entity, tenantId, records, now);
}

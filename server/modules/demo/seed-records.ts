import { sql } from 'kysely';
import type { EntityRecord } from '../../../model/schemas/engine/entity';
import type { AnyEntity } from '../../../model/schemas/engine/types';
import { systemActor } from '../../engine/actor';
import type { DemoWriter } from './sections';

/** A demo record as written: the create payload, plus state or system fields a real history would have set, and who made it when. */
export type DemoRecord = Record<string, unknown> & { createdBy?: string; createdTime?: Date };

/**
 * Demo records of an entity, written once (only while the space, or a platform entity's table, has
 * none) by the system through the record service: held to the entity's rules and hooks like any
 * write, attributed to the demo's people and dated in its past.
 */
export async function seedRecords<E extends AnyEntity>(
  { db, records: service }: DemoWriter,
  entity: E,
  tenantId: number | null,
  records: DemoRecord[],
  now: Date,
): Promise<EntityRecord<E>[]> {
  const scoped = entity.scope === 'tenant' ? sql`where tenant_id = ${tenantId}` : sql``;
  const existing = await sql<{ n: string }>`select count(*) as n from ${sql.table(entity.table)} ${scoped}`.execute(db);
  if (Number(existing.rows[0]!.n) > 0) return [];
  const dated = records.map((record) => ({ createdBy: 'seed', createdTime: now, ...record }));
  return (await service.createMany(systemActor(tenantId), entity, dated)) as EntityRecord<E>[];
}

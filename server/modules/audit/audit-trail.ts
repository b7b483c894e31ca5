import { storedFields } from '../../../model/schemas/engine/entity';
import type { AnyEntity } from '../../../model/schemas/engine/types';
import { auditEvent } from '../../../model/schemas/audit-event';
import type { Db } from '../../db/tables';
import { actorName } from '../../engine/actor';
import type { EntityHooks, HookContext, Values } from '../../engine/hooks';
import { loose } from '../../engine/queries';

type Change = [before: unknown, after: unknown] | [before: unknown] | [null, unknown];

/** A field's values differ (arrays and documents compared by content). */
const differs = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);

/** Per stored field, what it was and what it became (only those that moved); secrets (fields not shown, unless audited) never leave their table. */
function changesOf(entity: AnyEntity, before: Values | null, after: Values | null): Record<string, Change> {
  const changes: Record<string, Change> = {};
  for (const [name, field] of storedFields(entity)) {
    if (field.show === false && !field.audited) continue;
    const was = before?.[name];
    const is = after?.[name];
    if (before && after && !differs(was, is)) continue;
    changes[name] = before && after ? [was, is] : before ? [was] : [null, is];
  }
  return changes;
}

/** The space an event belongs to: the record's; for a platform record, the writer's (the system's: the platform's own). */
async function eventTenant({ db, actor }: HookContext, entity: AnyEntity, record: Values): Promise<number> {
  if (entity.scope === 'tenant') return record.tenantId as number;
  if (actor.kind === 'person') return actor.principal.tenant.id;
  const platform = await db.selectFrom('tenants').select('id').where('internal', '=', true).orderBy('id').executeTakeFirst();
  return platform?.id ?? (record.id as number); // the platform's own space, being made
}

async function record(context: HookContext, action: string, rows: { record: Values; changes: Record<string, Change>; transition?: string }[]) {
  const { entity, actor, now } = context;
  if (entity.name === auditEvent.name || rows.length === 0) return;
  const by = actorName(actor);
  const events = [];
  for (const row of rows)
    events.push({
      tenantId: await eventTenant(context, entity, row.record),
      entity: entity.name,
      recordId: row.record.id,
      recordTitle: String(row.record[entity.title] ?? '').slice(0, 500),
      action,
      transition: row.transition ?? '',
      actorKind: actor.kind,
      changes: JSON.stringify(row.changes),
      createdBy: by,
      updatedBy: by,
      createdTime: now,
      updatedTime: now,
    });
  // The trail is the service's own bookkeeping: written beside the write, not through it (which would audit the audit).
  await loose(context.db as Db)
    .insertInto(auditEvent.table)
    .values(events)
    .execute();
}

/** Every write of every entity, in the write's own transaction: it stands or falls with it. */
export const auditTrail: EntityHooks = {
  afterCreate: async (context, created) => {
    await record(context, 'create', [{ record: created, changes: changesOf(context.entity, null, created) }]);
  },
  afterUpdate: async (context, before, after) => {
    const changes = changesOf(context.entity, before, after);
    const progress: readonly string[] = context.entity.progress ?? [];
    if (Object.keys(changes).every((name) => progress.includes(name))) return; // progress alone, or nothing changed
    await record(context, 'update', [{ record: after, changes }]);
  },
  afterTransition: (context, action, before, after) =>
    record(
      context,
      'transition',
      after.map((row, index) => ({ record: row, changes: changesOf(context.entity, before[index]!, row), transition: action })),
    ),
  beforeDelete: (context, rows) =>
    record(
      context,
      'delete',
      rows.map((row) => ({ record: row, changes: changesOf(context.entity, row, null) })),
    ),
};

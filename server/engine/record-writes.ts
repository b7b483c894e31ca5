import { sql } from 'kysely';
import { brokenRules, fieldEntries, type EntityRecord } from '../../model/schemas/engine/entity';
import type { AnyEntity, FieldDecl } from '../../model/schemas/engine/types';
import { entityByName } from '../../model/schemas/index';
import type { Operation } from '../../model/resources/grants';
import type { Db } from '../db/tables';
import type { ObjectStore } from '../storage/object-store';
import { ApiError, notFound } from '../http/api-error';
import { actorName, type Actor } from './actor';
import { hooksFor, type HookContext, type HookTable, type Values } from './hooks';
import { loose, rowsInScope, uniquely } from './queries';
import { initialValues, toRecord, toRow } from './records';
import type { RecordService } from './record-service';
import { spaceScope, type Reach, type Scope } from './scope';
import { checkSystemInput } from './system-input';

/** A record as the API returns it; a created one may carry what its hooks return under `extras`. */
export type WrittenRecord = EntityRecord<AnyEntity> & { extras?: Values };

/** What one write is given: its transaction, who writes, when, and where its after-commit effects go. */
export interface WriteContext {
  db: Db;
  reach: Reach;
  hooks: HookTable;
  storage: ObjectStore;
  actor: Actor;
  now: Date;
  effects: (() => Promise<void> | void)[];
  /** The service within this write's transaction, for hooks that write more. */
  records: RecordService;
}

/**
 * The rows an actor may touch: a person's grants decide; the system reaches its whole space. An
 * entity no list serves has its module's routes for a guard (accounts): the person reaches their space.
 */
function scopeOf({ reach, actor }: WriteContext, entity: AnyEntity, operation: Operation): Scope {
  if (actor.kind === 'person') return reach.serves(entity.name) ? reach.scope(actor.principal, entity.name, operation) : spaceScope(actor.principal, entity);
  return { entity, tenantId: entity.scope === 'platform' ? null : systemTenant(actor, entity), views: null };
}

function systemTenant(actor: Extract<Actor, { kind: 'system' }>, entity: AnyEntity): number {
  if (actor.tenantId === null) throw new Error(`the system writes ${entity.name} records only within a space: name it (systemActor(tenantId))`);
  return actor.tenantId;
}

/** The space a new record of a space's entity goes to: the person's own, or the one the system acts in. */
const writerTenant = (actor: Actor, entity: AnyEntity): number => (actor.kind === 'person' ? actor.principal.tenant.id : systemTenant(actor, entity));

const hookContext = (write: WriteContext, entity: AnyEntity): HookContext => ({
  db: write.db,
  actor: write.actor,
  entity,
  now: write.now,
  records: write.records,
  storage: write.storage,
  afterCommit: (effect) => void write.effects.push(effect),
});

/** A reference must point at a record the writer could reach (spec: relations are links). */
async function checkReferences(write: WriteContext, entity: AnyEntity, values: Values): Promise<void> {
  for (const [name, field] of fieldEntries(entity)) {
    const target = field.reference ? entityByName.get(field.reference) : undefined;
    if (!target || values[name] === null || values[name] === undefined) continue;
    const scope =
      write.actor.kind === 'person'
        ? write.reach.referable(write.actor.principal, target.name)
        : { entity: target, tenantId: target.scope === 'platform' ? null : systemTenant(write.actor, target), views: null };
    const found = await rowsInScope(write.db, scope, [Number(values[name])]).catch(() => []);
    if (found.length === 0) throw new ApiError(400, 'validation:reference', { label: field.label }, { field: name });
  }
}

/** Several records of one entity: one insert, then each record's hooks. A person's input arrives checked by the route's schema. */
export async function createRecords(write: WriteContext, entity: AnyEntity, inputs: Values[]): Promise<WrittenRecord[]> {
  const hooks = hooksFor(write.hooks, entity.name);
  const context = hookContext(write, entity);
  const by = actorName(write.actor);
  const rows: Values[] = [];
  const given: Values[] = [];
  for (const raw of inputs) {
    // The system may date and attribute its records (an import, the demo's history); a person's are theirs, now.
    const { createdTime, createdBy, ...fields } = raw as Values & { createdTime?: Date; createdBy?: string };
    let input = write.actor.kind === 'system' ? checkSystemInput(entity, fields) : fields;
    for (const hook of hooks) if (hook.beforeCreate) input = { ...input, ...((await hook.beforeCreate(context, input)) ?? {}) };
    await checkReferences(write, entity, input);
    const system = write.actor.kind === 'system';
    const time = system && createdTime instanceof Date ? createdTime : write.now;
    const author = system && typeof createdBy === 'string' ? createdBy : by;
    const tenantId = entity.scope === 'tenant' ? writerTenant(write.actor, entity) : undefined;
    rows.push({
      ...initialValues(entity),
      ...toRow(entity, input),
      ...(tenantId === undefined ? {} : { tenantId }),
      createdBy: author,
      updatedBy: author,
      createdTime: time,
      updatedTime: time,
    });
    given.push(input);
  }
  if (rows.length === 0) return [];
  const inserted = (await uniquely(entity, () => loose(write.db).insertInto(entity.table).values(rows).returningAll().execute())) as Values[];
  const records: WrittenRecord[] = [];
  for (const [index, row] of inserted.entries()) {
    const record = toRecord(entity, row);
    let extras: Values = {};
    for (const hook of hooks) if (hook.afterCreate) extras = { ...extras, ...((await hook.afterCreate(context, record, given[index]!)) ?? {}) };
    records.push(Object.keys(extras).length ? { ...record, extras } : record);
  }
  return records;
}

/** Each write moves updatedTime forward, even within one millisecond, so it can stand for the version. */
const nextTime = (previous: unknown, now: Date) => new Date(Math.max(now.getTime(), (previous as Date).getTime() + 1));

/**
 * Optimistic concurrency: a person's update names the updatedTime it read; if the row moved on
 * since, it is refused. The system may leave it out (a runner's progress), and then simply writes.
 */
export async function updateRecord(write: WriteContext, entity: AnyEntity, input: Values): Promise<WrittenRecord> {
  const { id, updatedTime, ...given } = input as Values & { id: number; updatedTime?: string };
  const [current] = await rowsInScope(write.db, scopeOf(write, entity, 'update'), [id]);
  const stale = () => new ApiError(409, 'errors:staleRecord', {}, { field: 'updatedTime' });
  if (write.actor.kind === 'person' || updatedTime !== undefined) {
    const seen = new Date(String(updatedTime));
    if (Number.isNaN(seen.getTime()) || (current!.updatedTime as Date).getTime() !== seen.getTime()) throw stale();
  }
  const before = toRecord(entity, current!) as Values;
  let changes = given;
  const hooks = hooksFor(write.hooks, entity.name);
  const context = hookContext(write, entity);
  for (const hook of hooks) if (hook.beforeUpdate) changes = { ...changes, ...((await hook.beforeUpdate(context, before, changes)) ?? {}) };
  const [broken] = brokenRules(entity, { ...before, ...changes });
  if (broken) throw new ApiError(400, broken.message, { label: entity.fields[broken.field]?.label }, { field: broken.field });
  await checkReferences(write, entity, changes);
  const row = await uniquely(entity, () =>
    loose(write.db)
      .updateTable(entity.table)
      .set({ ...toRow(entity, changes), updatedBy: actorName(write.actor), updatedTime: nextTime(current!.updatedTime, write.now) })
      .where('id', '=', id)
      .where('updatedTime', '=', current!.updatedTime)
      .returningAll()
      .executeTakeFirst(),
  );
  if (!row) throw stale(); // someone else saved in between
  const after = toRecord(entity, row as Values);
  for (const hook of hooks) await hook.afterUpdate?.(context, before, after);
  return after;
}

export async function deleteRecords(write: WriteContext, entity: AnyEntity, ids: number[]): Promise<{ deleted: number }> {
  const rows = await rowsInScope(write.db, scopeOf(write, entity, 'delete'), ids);
  const hooks = hooksFor(write.hooks, entity.name);
  const context = hookContext(write, entity);
  const records = rows.map((row) => toRecord(entity, row) as Values);
  for (const hook of hooks) await hook.beforeDelete?.(context, records);
  const deleted = await loose(write.db).deleteFrom(entity.table).where('id', 'in', ids).executeTakeFirst();
  for (const hook of hooks) await hook.afterDelete?.(context, records);
  return { deleted: Number(deleted.numDeletedRows) };
}

/** Spec §4 domain states: a transition applies to all the selected records, or to none when one is in a state it does not start from. */
export async function transitionRecords(write: WriteContext, entity: AnyEntity, action: string, ids: number[]): Promise<WrittenRecord[]> {
  const states = entity.states!;
  const declared = states.actions[action];
  if (!declared) throw new Error(`${entity.name} declares no transition "${action}"`);
  const rows = await rowsInScope(write.db, scopeOf(write, entity, action), ids);
  const refused = rows.filter((row) => !declared.from.includes(String(row[states.field])));
  if (refused.length) {
    const state = String(refused[0]![states.field]);
    const option = (entity.fields[states.field] as FieldDecl).options?.find((item) => item.value === state);
    throw new ApiError(409, 'errors:transitionRefused', { action: declared.label, state: option?.label ?? state }, { ids: refused.map((row) => row.id) });
  }
  const hooks = hooksFor(write.hooks, entity.name);
  const context = hookContext(write, entity);
  const before = rows.map((row) => toRecord(entity, row) as Values);
  const extra: ((record: Values) => Values)[] = [];
  for (const hook of hooks) {
    const changes = await hook.beforeTransition?.(context, action, before);
    if (changes) extra.push(typeof changes === 'function' ? changes : () => changes);
  }
  const set = (record: Values) => ({
    ...toRow(entity, Object.assign({}, ...extra.map((changes) => changes(record)))),
    [states.field]: declared.to,
    updatedBy: actorName(write.actor),
    updatedTime: sql`greatest(${write.now}, updated_time + interval '1 millisecond')`,
  });
  // One statement when every row gets the same fields; a row each when a hook sets them per row.
  const byRow = extra.length > 0;
  // A state some rows may hold only one at a time (one ACTIVE package per slot) is a unique index: 409, not a failure.
  const updated = await uniquely(entity, async () =>
    byRow
      ? await Promise.all(before.map((record) => updateOne(write.db, entity, record.id as number, set(record))))
      : await loose(write.db).updateTable(entity.table).set(set({})).where('id', 'in', ids).returningAll().execute(),
  );
  if (updated.length !== ids.length || updated.some((row) => !row)) throw notFound();
  const after = (updated as Values[]).map((row) => toRecord(entity, row));
  for (const hook of hooks) await hook.afterTransition?.(context, action, before, after);
  return after;
}

const updateOne = (db: Db, entity: AnyEntity, id: number, values: Values) =>
  loose(db).updateTable(entity.table).set(values).where('id', '=', id).returningAll().executeTakeFirst() as Promise<Values | undefined>;

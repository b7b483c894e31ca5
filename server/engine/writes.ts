import { sql } from 'kysely';
import { brokenRules, fieldEntries } from '../../src/schemas/engine/entity';
import type { AnyEntity, FieldDecl } from '../../src/schemas/engine/types';
import { entityByName } from '../../src/schemas/index';
import type { Principal } from '../auth/guard';
import type { Db } from '../db/tables';
import { ApiError, notFound } from '../http/api-error';
import { entityHooks } from './hooks';
import { loose, rowsInScope, uniquely } from './queries';
import { initialValues, toRecord, toRow } from './records';
import type { Reach } from './scope';

type Values = Record<string, unknown>;

/** A reference must point at a record the caller could reach (spec: relations are links). */
async function checkReferences(db: Db, reach: Reach, entity: AnyEntity, principal: Principal, values: Values): Promise<void> {
  for (const [name, field] of fieldEntries(entity)) {
    const target = field.reference ? entityByName.get(field.reference) : undefined;
    if (!target || values[name] === null || values[name] === undefined) continue;
    const found = await rowsInScope(db, reach.referable(principal, target.name), [Number(values[name])]).catch(() => []);
    if (found.length === 0) throw new ApiError(400, 'validation:reference', { label: field.label }, { field: name });
  }
}

export async function createRecord(db: Db, reach: Reach, entity: AnyEntity, principal: Principal, input: Values, now: Date) {
  await checkReferences(db, reach, entity, principal, input);
  const by = principal.account.code;
  return uniquely(entity, () =>
    db.transaction().execute(async (trx) => {
      const row = (await loose(trx)
        .insertInto(entity.table)
        .values({
          ...initialValues(entity),
          ...toRow(entity, input),
          ...(entity.scope === 'tenant' ? { tenantId: principal.tenant.id } : {}),
          createdBy: by,
          updatedBy: by,
          createdTime: now,
          updatedTime: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow()) as Values;
      const record = toRecord(entity, row);
      const extras = await entityHooks[entity.name]?.afterCreate?.({ db: trx, principal, now }, record, input);
      return extras ? { ...record, extras } : record;
    }),
  );
}

/** Each write moves updatedTime forward, even within one millisecond, so it can stand for the version. */
const nextTime = (previous: unknown, now: Date) => new Date(Math.max(now.getTime(), (previous as Date).getTime() + 1));

/** Optimistic concurrency: the update names the updatedTime it read; if the row moved on since, it is refused. */
export async function updateRecord(db: Db, reach: Reach, entity: AnyEntity, principal: Principal, input: Values, now: Date) {
  const { id, updatedTime, ...changes } = input as Values & { id: number; updatedTime: string };
  const [current] = await rowsInScope(db, reach.scope(principal, entity.name, 'update'), [id]);
  const seen = new Date(updatedTime);
  const stale = () => new ApiError(409, 'errors:staleRecord', {}, { field: 'updatedTime' });
  if (Number.isNaN(seen.getTime()) || (current!.updatedTime as Date).getTime() !== seen.getTime()) throw stale();
  const [broken] = brokenRules(entity, { ...toRecord(entity, current!), ...changes });
  if (broken) throw new ApiError(400, broken.message, { label: entity.fields[broken.field]?.label }, { field: broken.field });
  await checkReferences(db, reach, entity, principal, changes);
  const row = await uniquely(entity, () =>
    loose(db)
      .updateTable(entity.table)
      .set({ ...toRow(entity, changes), updatedBy: principal.account.code, updatedTime: nextTime(current!.updatedTime, now) })
      .where('id', '=', id)
      .where('updatedTime', '=', current!.updatedTime)
      .returningAll()
      .executeTakeFirst(),
  );
  if (!row) throw stale(); // someone else saved in between
  return toRecord(entity, row as Values);
}

export async function deleteRecords(db: Db, reach: Reach, entity: AnyEntity, principal: Principal, ids: number[], now: Date) {
  const scope = reach.scope(principal, entity.name, 'delete');
  return db.transaction().execute(async (trx) => {
    const rows = await rowsInScope(trx, scope, ids);
    await entityHooks[entity.name]?.beforeDelete?.({ db: trx, principal, now }, rows);
    const deleted = await loose(trx).deleteFrom(entity.table).where('id', 'in', ids).executeTakeFirst();
    return { deleted: Number(deleted.numDeletedRows) };
  });
}

/** Spec §4 domain states: a transition applies to all the selected records, or to none when one is in a state it does not start from. */
export async function transition(db: Db, reach: Reach, entity: AnyEntity, principal: Principal, action: string, ids: number[], now: Date) {
  const states = entity.states!;
  const declared = states.actions[action]!;
  return db.transaction().execute(async (trx) => {
    const rows = await rowsInScope(trx, reach.scope(principal, entity.name, action), ids);
    const refused = rows.filter((row) => !declared.from.includes(String(row[states.field])));
    if (refused.length) {
      const state = String(refused[0]![states.field]);
      const option = (entity.fields[states.field] as FieldDecl).options?.find((item) => item.value === state);
      throw new ApiError(409, 'errors:transitionRefused', { action: declared.label, state: option?.label ?? state }, { ids: refused.map((row) => row.id) });
    }
    const updated = await loose(trx)
      .updateTable(entity.table)
      .set({ [states.field]: declared.to, updatedBy: principal.account.code, updatedTime: sql`greatest(${now}, updated_time + interval '1 millisecond')` })
      .where('id', 'in', ids)
      .returningAll()
      .execute();
    if (updated.length !== ids.length) throw notFound();
    return updated.map((row) => toRecord(entity, row as Values));
  });
}

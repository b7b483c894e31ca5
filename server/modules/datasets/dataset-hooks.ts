import { sql } from 'kysely';
import { bag } from '../../../model/schemas/bag';
import { dataset } from '../../../model/schemas/dataset';
import { datasetItem } from '../../../model/schemas/dataset-item';
import { datasetVersion } from '../../../model/schemas/dataset-version';
import { actorName } from '../../engine/actor';
import type { EntityHooks, HookContext, Values } from '../../engine/hooks';
import { matchingRows } from '../../engine/list-query';
import { loose } from '../../engine/queries';
import type { Db } from '../../db/tables';
import { ApiError } from '../../http/api-error';
import { parseBagFilter } from './logic-filter';

/** A logic dataset's member count: its filter's matches now, counted by the database. */
export async function recountLogic(db: Db, ids?: number[]): Promise<void> {
  let query = loose(db).selectFrom(dataset.table).select(['id', 'tenantId', 'filter']).where('datasetType', '=', 'logic');
  if (ids) query = query.where('id', 'in', ids.length ? ids : [0]);
  for (const row of (await query.execute()) as { id: number; tenantId: number; filter: string }[]) {
    let count = 0;
    try {
      const matches = matchingRows(db, bag, { entity: bag, tenantId: Number(row.tenantId), views: null }, parseBagFilter(row.filter));
      count = Number(((await matches.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()) as { n: string }).n);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error; // a filter the lake's fields no longer take matches nothing
    }
    await loose(db).updateTable(dataset.table).set({ rawDataCount: count }).where('id', '=', row.id).where('rawDataCount', '!=', count).execute();
  }
}

/** The bags of a collection dataset's plan (and sub plan) join it as items; those already in stay. */
async function gatherPlan(context: HookContext, where: { datasetIds?: number[]; bagIds?: number[] }): Promise<void> {
  const by = actorName(context.actor);
  await sql`
    insert into dataset_items (tenant_id, dataset_id, bag_id, note, created_by, updated_by, created_time, updated_time)
    select b.tenant_id, d.id, b.id, '', ${by}, ${by}, ${context.now}, ${context.now}
    from datasets d join bags b on b.tenant_id = d.tenant_id and b.dc_plan_id = d.dc_plan_id
      and (d.dc_sub_plan_id = '' or b.dc_sub_plan_id = d.dc_sub_plan_id)
    where d.dataset_type = 'dc' and d.dc_plan_id <> ''
      ${where.datasetIds ? sql`and d.id in (${sql.join(where.datasetIds)})` : sql``}
      ${where.bagIds ? sql`and b.id in (${sql.join(where.bagIds)})` : sql``}
    on conflict do nothing`.execute(context.db);
}

/** What each kind keeps of the source fields: a raw dataset neither a plan nor a filter, and so on; a logic filter is checked and kept tidy. */
function sourceOf(values: Values): Values {
  const type = values.datasetType;
  const filter = type === 'logic' && values.filter !== undefined ? JSON.stringify(parseBagFilter(values.filter)) : undefined;
  return {
    ...(type === 'logic' ? {} : { filter: '' }),
    ...(filter === undefined ? {} : { filter }),
    ...(type === 'dc' ? {} : { dcPlanId: '', dcSubPlanId: '' }),
  };
}

/**
 * A dataset's members come from its kind: a collection dataset gathers its plan's bags now and as they
 * are uploaded; a logic dataset's count follows its filter. A dataset with versions is not deleted
 * (they are what training sets and runs name); its items go with it.
 */
export const datasetHooks: EntityHooks = {
  beforeCreate: (_context, input) => sourceOf(input),
  afterCreate: async (context, record) => {
    if (record.datasetType === 'raw') return;
    if (record.datasetType === 'dc') await gatherPlan(context, { datasetIds: [Number(record.id)] });
    if (record.datasetType === 'logic') await recountLogic(context.db, [Number(record.id)]);
    // The answer and the audit trail carry the count the dataset starts with.
    const counted = (await loose(context.db).selectFrom(dataset.table).select('rawDataCount').where('id', '=', Number(record.id)).executeTakeFirst()) as
      { rawDataCount: number } | undefined;
    record.rawDataCount = Number(counted?.rawDataCount ?? 0);
  },
  beforeUpdate: (_context, current, changes) => sourceOf({ ...changes, datasetType: current.datasetType }),
  afterUpdate: async (context, before, after) => {
    if (after.datasetType === 'logic' && before.filter !== after.filter) await recountLogic(context.db, [Number(after.id)]);
  },
  beforeDelete: async (context, rows) => {
    const ids = rows.map((row) => Number(row.id));
    const versioned = await loose(context.db).selectFrom(datasetVersion.table).select('id').where('datasetId', 'in', ids).limit(1).executeTakeFirst();
    if (versioned) throw new ApiError(409, 'dataset:errors.hasVersions');
    await loose(context.db).deleteFrom(datasetItem.table).where('datasetId', 'in', ids).execute();
  },
};

/** Bags of a plan some collection dataset gathers join it when they arrive or are moved to that plan. */
export const bagPlanHooks: EntityHooks = {
  afterCreate: async (context, record) => {
    if (record.dcPlanId) await gatherPlan(context, { bagIds: [Number(record.id)] });
  },
  afterUpdate: async (context, before, after) => {
    if (after.dcPlanId && (before.dcPlanId !== after.dcPlanId || before.dcSubPlanId !== after.dcSubPlanId))
      await gatherPlan(context, { bagIds: [Number(after.id)] });
  },
};

/** Hand-picked members go to raw datasets only: the other kinds' members follow their plan or filter. */
export const itemHooks: EntityHooks = {
  beforeCreate: async (context, input) => {
    if (context.actor.kind === 'system') return;
    const target = (await loose(context.db).selectFrom(dataset.table).select('datasetType').where('id', '=', Number(input.datasetId)).executeTakeFirst()) as
      { datasetType: string } | undefined;
    if (target && target.datasetType !== 'raw') throw new ApiError(400, 'datasetItem:errors.notRaw', {}, { field: 'datasetId' });
  },
};

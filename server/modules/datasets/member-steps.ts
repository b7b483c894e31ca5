import { sql } from 'kysely';
import { bag } from '../../../model/schemas/bag';
import type { Db } from '../../db/tables';
import { matchingRows } from '../../engine/list-query';
import { parseBagFilter } from './logic-filter';
import type { DatasetRow } from './members';

export interface MemberSteps {
  first: number | null;
  previous: number | null;
  next: number | null;
  /** The member's place (from 1) where counting is cheap: a picked or gathered dataset's; null for a logic one. */
  position: number | null;
  total: number;
}

/** A picked or gathered dataset's members in the order they joined: the neighbours of one, by its item. */
async function itemSteps(db: Db, dataset: DatasetRow, bagId: number | null): Promise<MemberSteps> {
  const { rows } = await sql<{ first: number | null; previous: number | null; next: number | null; position: string | null; total: string }>`
    with current as (select id from dataset_items where dataset_id = ${dataset.id} and bag_id = ${bagId ?? 0})
    select
      (select bag_id from dataset_items where dataset_id = ${dataset.id} order by id limit 1) as first,
      (select bag_id from dataset_items where dataset_id = ${dataset.id} and id < (select id from current) order by id desc limit 1) as previous,
      (select bag_id from dataset_items where dataset_id = ${dataset.id} and id > (select id from current) order by id limit 1) as next,
      (select count(*) from dataset_items where dataset_id = ${dataset.id} and id <= (select id from current)) as position,
      (select count(*) from dataset_items where dataset_id = ${dataset.id}) as total`.execute(db);
  const row = rows[0]!;
  const id = (value: number | null) => (value === null ? null : Number(value));
  return {
    first: id(row.first),
    previous: id(row.previous),
    next: id(row.next),
    position: bagId ? Number(row.position) || null : null,
    total: Number(row.total),
  };
}

/** A logic dataset's members in the raw-data list's order (newest recording first): neighbours by keyset, however many match. */
async function filterSteps(db: Db, dataset: DatasetRow & { rawDataCount: number }, bagId: number | null): Promise<MemberSteps> {
  const scope = { entity: bag, tenantId: dataset.tenantId, views: null };
  const matches = () => matchingRows(db, bag, scope, parseBagFilter(dataset.filter ?? '{}'));
  const firstRow = (await matches().select('id').orderBy('bagStartTime', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst()) as
    { id: number } | undefined;
  const current = bagId
    ? ((await matches().select(['id', 'bagStartTime']).where('id', '=', bagId).executeTakeFirst()) as { id: number; bagStartTime: Date } | undefined)
    : undefined;
  const step = async (direction: 'previous' | 'next') => {
    if (!current) return null;
    const before = direction === 'previous';
    const found = (await matches()
      .select('id')
      .where((eb) => eb(eb.refTuple('bagStartTime', 'id'), before ? '>' : '<', eb.tuple(current.bagStartTime as never, current.id)))
      .orderBy('bagStartTime', before ? 'asc' : 'desc')
      .orderBy('id', before ? 'asc' : 'desc')
      .limit(1)
      .executeTakeFirst()) as { id: number } | undefined;
    return found ? Number(found.id) : null;
  };
  return {
    first: firstRow ? Number(firstRow.id) : null,
    previous: await step('previous'),
    next: await step('next'),
    position: null,
    total: Number(dataset.rawDataCount),
  };
}

/** Where a member stands in its dataset: the first, the one before and the one after (a member page's previous and next). */
export const memberSteps = (db: Db, dataset: DatasetRow & { rawDataCount: number }, bagId: number | null) =>
  dataset.datasetType === 'logic' ? filterSteps(db, dataset, bagId) : itemSteps(db, dataset, bagId);

import { sql, type SelectQueryBuilder } from 'kysely';
import { bag } from '../../../model/schemas/bag';
import { datasetItem } from '../../../model/schemas/dataset-item';
import type { Db } from '../../db/tables';
import { matchingRows } from '../../engine/list-query';
import { loose } from '../../engine/queries';
import { parseBagFilter } from './logic-filter';

/** What publishing needs of a dataset. */
export interface DatasetRow {
  id: number;
  tenantId: number;
  datasetType: string;
  filter?: string | null;
}

/** A member's columns as a version keeps them, by the member table's field names. */
export const MEMBER_COLUMNS = [
  'bagId',
  'bagName',
  'bagDigest',
  'bagOssPath',
  'clipStart',
  'clipEnd',
  'bagDuration',
  'bagSize',
  'qualityLabel',
  'qualitySubLabel',
  'labelList',
  'robotType',
] as const;

/** The columns a member takes from its item rather than its bag. */
export const CLIP: ReadonlySet<string> = new Set(['clipStart', 'clipEnd']);

/**
 * The dataset's members as they are now, one row per member with MEMBER_COLUMNS: a logic dataset's
 * are the bags its filter matches in its space; a raw or collection dataset's, its items' bags with
 * their clips.
 */
export function currentMembers(db: Db, dataset: DatasetRow): SelectQueryBuilder<any, any, any> {
  if (dataset.datasetType === 'logic') {
    const filter = parseBagFilter(dataset.filter ?? '{}');
    // A filter's bags are whole recordings: no clip.
    const columns = MEMBER_COLUMNS.map((column) =>
      column === 'bagId' ? sql.ref('id').as('bagId') : CLIP.has(column) ? sql<number | null>`null::bigint`.as(column) : sql.ref(column).as(column),
    );
    return matchingRows(db, bag, { entity: bag, tenantId: dataset.tenantId, views: null }, filter).select(columns);
  }
  // An item's bag, with the item's clip.
  const columns = MEMBER_COLUMNS.map((column) => (column === 'bagId' || CLIP.has(column) ? `i.${column}` : `b.${column}`) + ` as ${column}`);
  return loose(db)
    .selectFrom(`${datasetItem.table} as i`)
    .innerJoin(`${bag.table} as b`, 'b.id', 'i.bagId')
    .where('i.datasetId', '=', dataset.id)
    .where('b.tenantId', '=', dataset.tenantId)
    .select(columns);
}

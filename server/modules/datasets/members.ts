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

/**
 * The dataset's members as they are now, one row per member with MEMBER_COLUMNS: a logic dataset's
 * are the bags its filter matches in its space; a raw or collection dataset's, its items' bags with
 * their clips.
 */
export function currentMembers(db: Db, dataset: DatasetRow): SelectQueryBuilder<any, any, any> {
  if (dataset.datasetType === 'logic') {
    const filter = parseBagFilter(dataset.filter ?? '{}');
    return matchingRows(db, bag, { entity: bag, tenantId: dataset.tenantId, views: null }, filter).select((eb) => [
      eb.ref('id').as('bagId'),
      'bagName',
      'bagDigest',
      'bagOssPath',
      sql<number | null>`null::bigint`.as('clipStart'),
      sql<number | null>`null::bigint`.as('clipEnd'),
      'bagDuration',
      'bagSize',
      'qualityLabel',
      'qualitySubLabel',
      'labelList',
      'robotType',
    ]);
  }
  return loose(db)
    .selectFrom(`${datasetItem.table} as i`)
    .innerJoin(`${bag.table} as b`, 'b.id', 'i.bagId')
    .where('i.datasetId', '=', dataset.id)
    .where('b.tenantId', '=', dataset.tenantId)
    .select([
      'i.bagId as bagId',
      'b.bagName as bagName',
      'b.bagDigest as bagDigest',
      'b.bagOssPath as bagOssPath',
      'i.clipStart as clipStart',
      'i.clipEnd as clipEnd',
      'b.bagDuration as bagDuration',
      'b.bagSize as bagSize',
      'b.qualityLabel as qualityLabel',
      'b.qualitySubLabel as qualitySubLabel',
      'b.labelList as labelList',
      'b.robotType as robotType',
    ]);
}

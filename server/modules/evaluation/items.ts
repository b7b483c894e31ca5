import type { SelectQueryBuilder } from 'kysely';
import { sql } from 'kysely';
import { structuredData } from '../../../model/schemas/structured-data';
import { structuredVersionMember } from '../../../model/schemas/structured-version-member';
import type { Db } from '../../db/tables';
import { matchingRows } from '../../engine/list-query';
import { ApiError } from '../../http/api-error';
import { parseListFilter, type ListFilter } from '../datasets/logic-filter';

/** An item an evaluation tries: a structured data record of its dataset (or version), with the bag and robot it came from. */
export interface EvaluationItem {
  id: number;
  bagId: number;
  robotSn: string;
  leftArmSn: string;
  rightArmSn: string;
  files: string;
}

/** Where an evaluation's items come from: its space, its structured dataset, and the version of it it names (or none). */
export interface ItemSource {
  tenantId: unknown;
  structuredDatasetId: unknown;
  structuredDatasetVersionId?: unknown;
}

/**
 * An evaluation's data filter as the structured data list takes it (robot, arm, structure type,
 * version, bag). A key that list does not filter by is refused, and so is the dataset: the record names it.
 */
export function dataFilterOf(text: unknown): ListFilter {
  const refused = () => new ApiError(400, 'evaluationRecord:errors.dataFilter', {}, { field: 'dataFilter' });
  const filter = parseListFilter(structuredData, text, refused);
  if (Object.hasOwn(filter, 'structuredDatasetId')) throw refused();
  return filter;
}

/**
 * The structured data a filter picks, as a query to select from (columns as EvaluationItem's): the
 * named version's members as they were published, or else the dataset's structured data as they
 * are. The version's members carry the same filters by the same names.
 */
function pickedItems(db: Db, source: ItemSource, filter: ListFilter): SelectQueryBuilder<any, any, any> {
  const tenantId = Number(source.tenantId);
  if (source.structuredDatasetVersionId) {
    const members = structuredVersionMember;
    return matchingRows(db, members, { entity: members, tenantId, views: null }, filter)
      .where('versionId', '=', Number(source.structuredDatasetVersionId))
      .select([sql.ref('structuredDataId').as('id'), sql`files`.as('files')]);
  }
  return matchingRows(db, structuredData, { entity: structuredData, tenantId, views: null }, filter)
    .where('structuredDatasetId', '=', Number(source.structuredDatasetId))
    .select([sql.ref('id').as('id'), sql`coalesce(files, '[]')`.as('files')]);
}

/** How many structured data a filter picks (spec §5: an evaluation's must be 1 to 2000). */
export async function countItems(db: Db, source: ItemSource, filter: ListFilter): Promise<number> {
  const counted = (await pickedItems(db, source, filter)
    .clearSelect()
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow()) as { n: string };
  return Number(counted.n);
}

/**
 * The items of an evaluation record: the structured data its filter picks, in the order they joined
 * the dataset, as many as it counted when it was made. A rerun tries the same items (of a version,
 * always; of a live dataset, data joining later are not its items), and two models evaluated with the
 * same filter meet on the same items.
 */
export async function evaluationItems(db: Db, record: Record<string, unknown>): Promise<EvaluationItem[]> {
  const rows = (await pickedItems(db, record as unknown as ItemSource, dataFilterOf(record.dataFilter))
    .select([
      sql.ref('bagId').as('bagId'),
      sql.ref('robotSn').as('robotSn'),
      sql`coalesce(left_arm_sn, '')`.as('leftArmSn'),
      sql`coalesce(right_arm_sn, '')`.as('rightArmSn'),
    ])
    .orderBy('id')
    .limit(Number(record.filteredDataCount))
    .execute()) as EvaluationItem[];
  return rows.map((row) => ({ ...row, id: Number(row.id), bagId: Number(row.bagId) }));
}

/** What the run is handed as items.json: each item's id, bag and robot, and its files' names and checksums. */
export const itemsFileOf = (items: EvaluationItem[]) =>
  JSON.stringify(
    items.map(({ files, ...item }) => ({
      ...item,
      files: (JSON.parse(files || '[]') as { name: string; size: number; sha256: string }[]).map(({ name, size, sha256 }) => ({ name, size, sha256 })),
    })),
  );

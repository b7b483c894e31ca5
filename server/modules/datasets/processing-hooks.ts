import { sql } from 'kysely';
import { datasetVersion } from '../../../model/schemas/dataset-version';
import { FILTERED_DATA } from '../../../model/schemas/limits';
import { versionMember } from '../../../model/schemas/version-member';
import type { Db } from '../../db/tables';
import { actorTenant } from '../../engine/actor';
import type { EntityHooks, Values } from '../../engine/hooks';
import { matchingRows } from '../../engine/list-query';
import { loose } from '../../engine/queries';
import { ApiError } from '../../http/api-error';
import { parseListFilter, type ListFilter } from './logic-filter';

/** A member filter as the version members' list takes it (an object of its query keys); empty: every member. */
const memberFilterOf = (text: unknown) =>
  parseListFilter(versionMember, text, () => new ApiError(400, 'processingRecord:errors.memberFilter', {}, { field: 'memberFilter' }));

/** The members of a version a processing record's filter picks, as a query to select from. */
const pickedMembers = (db: Db, tenantId: number, versionId: number, filter: ListFilter) =>
  matchingRows(db, versionMember, { entity: versionMember, tenantId, views: null }, filter).where('versionId', '=', versionId);

/** The bag ids a record's run works on: undefined when it takes the whole version. */
export async function pickedBagIds(db: Db, record: Values): Promise<number[] | undefined> {
  const filter = memberFilterOf(record.memberFilter);
  if (Object.keys(filter).length === 0) return undefined;
  const rows = (await pickedMembers(db, Number(record.tenantId), Number(record.datasetVersionId), filter).select('bagId').execute()) as { bagId: number }[];
  return rows.map((row) => Number(row.bagId));
}

/**
 * A processing record names a version; its dataset and the number of members its run will get follow
 * from it. Spec §5: a filter of the members must leave 1 to 2000 of them.
 */
export const processingHooks: EntityHooks = {
  beforeCreate: async (context, input) => {
    const tenantId = actorTenant(context.actor);
    const version = (await loose(context.db)
      .selectFrom(datasetVersion.table)
      .select(['id', 'datasetId'])
      .where('id', '=', Number(input.datasetVersionId))
      .where('tenantId', '=', tenantId)
      .executeTakeFirst()) as { id: number; datasetId: number } | undefined;
    if (!version) return; // the reference check refuses it
    const filter = memberFilterOf(input.memberFilter);
    const filtered = Object.keys(filter).length > 0;
    const counted = (await pickedMembers(context.db, Number(tenantId), Number(version.id), filter)
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow()) as { n: string };
    const count = Number(counted.n);
    if (filtered && (count < FILTERED_DATA.min || count > FILTERED_DATA.max))
      throw new ApiError(400, 'processingRecord:errors.filteredCount', { ...FILTERED_DATA, count }, { field: 'memberFilter' });
    return { datasetId: Number(version.datasetId), filteredDataCount: count, memberFilter: filtered ? JSON.stringify(filter) : '' };
  },
};

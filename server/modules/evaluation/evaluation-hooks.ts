import { FILTERED_DATA } from '../../../model/schemas/limits';
import { structuredDataset } from '../../../model/schemas/structured-dataset';
import { structuredDatasetVersion } from '../../../model/schemas/structured-dataset-version';
import { actorTenant } from '../../engine/actor';
import type { EntityHooks, HookContext } from '../../engine/hooks';
import { loose } from '../../engine/queries';
import { ApiError } from '../../http/api-error';
import { countItems, dataFilterOf } from './items';

/** A record of the space by id, or undefined (another space's, or none: the reference check refuses it). */
const ofSpace = async (context: HookContext, table: string, id: unknown) =>
  (await loose(context.db).selectFrom(table).selectAll().where('id', '=', Number(id)).where('tenantId', '=', actorTenant(context.actor)).executeTakeFirst()) as
    Record<string, unknown> | undefined;

/**
 * An evaluation's items are picked by its filter from its structured dataset, or from a published
 * version of that dataset when it names one; the server counts them when the record is made, and
 * spec §5 wants 1 to 2000 (400 otherwise, nothing written). The count is the record's: nobody types it.
 */
export const evaluationRecordHooks: EntityHooks = {
  beforeCreate: async (context, input) => {
    const dataset = await ofSpace(context, structuredDataset.table, input.structuredDatasetId);
    const versionId = input.structuredDatasetVersionId ?? null;
    const version = versionId === null ? undefined : await ofSpace(context, structuredDatasetVersion.table, versionId);
    if (!dataset || (versionId !== null && !version)) return; // the reference check refuses it
    if (version && Number(version.structuredDatasetId) !== Number(dataset.id))
      throw new ApiError(400, 'evaluationRecord:errors.otherDatasetVersion', {}, { field: 'structuredDatasetVersionId' });
    const filter = dataFilterOf(input.dataFilter);
    const source = { tenantId: dataset.tenantId, structuredDatasetId: dataset.id, structuredDatasetVersionId: versionId };
    const count = await countItems(context.db, source, filter);
    if (count < FILTERED_DATA.min || count > FILTERED_DATA.max)
      throw new ApiError(400, 'evaluationRecord:errors.filteredCount', { ...FILTERED_DATA, count }, { field: 'dataFilter' });
    return { dataFilter: JSON.stringify(filter), filteredDataCount: count };
  },
};

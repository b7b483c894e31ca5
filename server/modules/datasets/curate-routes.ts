import { bag } from '../../../model/schemas/bag';
import { addBagsPayload, bulkOutcome, markQualityPayload, QUALITY_BULK_MAX } from '../../../model/schemas/curation';
import { datasetItem } from '../../../model/schemas/dataset-item';
import { envelope } from '../../../model/schemas/envelope';
import { label } from '../../../model/schemas/label';
import { principalOf } from '../../auth/guard';
import type { ApiApp, AppContext } from '../../context';
import { personActor } from '../../engine/actor';
import { listAccess } from '../../engine/list-access';
import { loose } from '../../engine/queries';
import { ApiError } from '../../http/api-error';
import { ok } from '../../http/envelope';
import { selectedBags } from './selection';

/** Items are written a batch at a time: each one audited, none of them held long in memory. */
const BATCH = 500;

/** Curating from the raw-data list: bags into a raw dataset, quality marked in bulk; every change through the record service, so audited. */
export function curateRoutes(app: ApiApp, { db, reach, records }: AppContext): void {
  app.post('/data/lake/dataset/add-bags', {
    config: { access: listAccess(datasetItem.name, 'create') },
    schema: {
      tags: ['dataset'],
      summary: 'Add bags to a raw dataset',
      description:
        'The selected bags (ids), or every bag the raw-data list’s filter matches (filter, at most 10,000), join the dataset; bags already in it are counted as unchanged. Collection and logic datasets take no hand-picked members (400).',
      body: addBagsPayload,
      response: { 200: envelope(bulkOutcome) },
    },
    handler: async (request) => {
      const principal = principalOf(request);
      const { datasetId, ...selection } = request.body;
      const actor = personActor(principal);
      return ok(
        await records.transaction(async (service, trx) => {
          const bags = await selectedBags(trx, reach.scope(principal, bag.name, 'read'), selection);
          const present = new Set(
            (
              (await loose(trx)
                .selectFrom(datasetItem.table)
                .select('bagId')
                .where('datasetId', '=', datasetId)
                .where('tenantId', '=', principal.tenant.id)
                .execute()) as {
                bagId: number;
              }[]
            ).map((row) => Number(row.bagId)),
          );
          const joining = bags.map((row) => Number(row.id)).filter((id) => !present.has(id));
          for (let start = 0; start < joining.length; start += BATCH)
            await service.createMany(
              actor,
              datasetItem,
              joining.slice(start, start + BATCH).map((bagId) => ({ datasetId, bagId })),
            );
          return { changed: joining.length, unchanged: bags.length - joining.length };
        }),
      );
    },
  });

  app.post('/data/lake/bag/mark-quality', {
    config: { access: listAccess(bag.name, 'update') },
    schema: {
      tags: ['raw-data'],
      summary: 'Mark the quality of bags in bulk',
      description:
        'Spec §1/§4: qualified, unqualified (with one of the space’s failure labels as the sub label) or unchecked, with a description; labels added and taken away; at most 2,000 bags a call. Each bag changed is audited; bags already so are unchanged.',
      body: markQualityPayload,
      response: { 200: envelope(bulkOutcome) },
    },
    handler: async (request) => {
      const principal = principalOf(request);
      const { qualityLabel, qualitySubLabel = '', qualityDescription, addLabels = [], removeLabels = [], ...selection } = request.body;
      if (qualityLabel === 'unqualified') {
        const reason = await loose(db)
          .selectFrom(label.table)
          .select('id')
          .where('tenantId', '=', principal.tenant.id)
          .where('labelType', '=', 'failure')
          .where('name', '=', qualitySubLabel)
          .executeTakeFirst();
        if (!reason) throw new ApiError(400, 'curation:errors.failureReason', {}, { field: 'qualitySubLabel' });
      }
      const actor = personActor(principal);
      return ok(
        await records.transaction(async (service, trx) => {
          const bags = await selectedBags(trx, reach.scope(principal, bag.name, 'update'), selection, QUALITY_BULK_MAX);
          let changed = 0;
          for (const row of bags) {
            const labels = [...new Set([...((row.labelList as string[] | null) ?? []).filter((name) => !removeLabels.includes(name)), ...addLabels])];
            const changes = {
              qualityLabel,
              qualitySubLabel: qualityLabel === 'unqualified' ? qualitySubLabel : '',
              ...(qualityDescription === undefined ? {} : { qualityDescription }),
              labelList: labels,
            };
            const same = Object.entries(changes).every(
              ([name, value]) => JSON.stringify(row[name] ?? (name === 'labelList' ? [] : '')) === JSON.stringify(value),
            );
            if (same) continue;
            await service.update(actor, bag, { id: Number(row.id), updatedTime: (row.updatedTime as Date).toISOString(), ...changes });
            changed += 1;
          }
          return { changed, unchanged: bags.length - changed };
        }),
      );
    },
  });
}

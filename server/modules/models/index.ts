import { modelCard } from '../../../model/schemas/model-card';
import { modelExport } from '../../../model/schemas/model-export';
import { entityListEntry } from '../../../model/resources/index';
import type { DomainModule } from '../../engine/module';
import type { InstanceRow } from '../runs/instance-state';
import type { EntityHooks } from '../../engine/hooks';
import { claimRunFiles, deleteRunFiles, type FileOwner } from '../runs/run-files';
import { artifactLinksHooks, artifactModelHooks, shippedExportHooks } from './artifact-model-hooks';
import { cardFromRun } from './card-from-run';
import { ownedFileRoutes } from './file-routes';
import { lineageRoutes } from './lineage-routes';
import { modelOverviewRoutes } from './model-overview-routes';

/** What a run's success makes and owns its files: a training run's model card, an export's artifact. */
const OWNERS: { entity: typeof modelCard | typeof modelExport; owner: FileOwner }[] = [
  { entity: modelCard, owner: 'model_card_id' },
  { entity: modelExport, owner: 'model_export_id' },
];

/** The files a deleted card or export took from its run go with it. */
const filesGoWith = (owner: FileOwner): EntityHooks => ({
  afterDelete: (hook, rows) =>
    deleteRunFiles(
      hook.db,
      hook.storage,
      owner,
      rows.map((row) => Number(row.id)),
      hook.afterCommit,
    ),
});

/**
 * Models as runs make them: a training run's success makes its model card with its files and
 * lineage; an export's success keeps the artifact its run produced. Their files are read and
 * downloaded from their pages and go with them. An artifact ships exports that succeeded, linked
 * (artifact-model), not typed. The model overview shows the space's models by type with their newest
 * evaluations.
 */
export const modelsModule: DomainModule = {
  name: 'models',
  setup: (context) => ({
    hooks: {
      instance: {
        afterUpdate: async (hook, before, after) => {
          if (before.status === 'succeeded' || after.status !== 'succeeded') return;
          const run = after as unknown as InstanceRow;
          if (run.trainingRecord) await cardFromRun(hook.records, hook.db, run);
          if (run.modelExport) await claimRunFiles(hook.db, Number(run.id), 'model_export_id', Number(run.modelExport));
        },
      },
      'model-card': filesGoWith('model_card_id'),
      // An export an artifact ships is not deleted; one that goes takes its artifact's files.
      'model-export': { ...shippedExportHooks, ...filesGoWith('model_export_id') },
      'artifact-model': artifactModelHooks,
      artifact: artifactLinksHooks,
    },
    routes: (app) => {
      lineageRoutes(app, context);
      modelOverviewRoutes(app, context);
      for (const { entity, owner } of OWNERS) ownedFileRoutes(app, context, entity, entityListEntry(entity.name)!.api!, owner);
    },
  }),
};

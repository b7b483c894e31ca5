import type { DomainModule } from '../../engine/module';
import { every } from '../../jobs/periodic';
import { curateRoutes } from './curate-routes';
import { bagPlanHooks, datasetHooks, itemHooks, recountLogic } from './dataset-hooks';
import { processingHooks } from './processing-hooks';
import { mappingHooks } from './mapping-hooks';
import { memberRoutes } from './member-routes';
import { processingRoutes } from './processing-routes';
import { versionHooks } from './publish';
import { EXPORT_JOB, exportJob, trainingDataHooks } from './training-export';
import { trainingRoutes } from './training-routes';
import { versionRoutes } from './version-routes';

export const RECOUNT_JOB = 'datasets.recount-logic';

/**
 * Datasets: curated from the lake (picked, gathered by plan, or a saved filter), published as versions
 * that never change, processed by task runs. The counts a dataset shows are the database's.
 */
export const datasetsModule: DomainModule = {
  name: 'datasets',
  setup: (context) => ({
    hooks: {
      dataset: datasetHooks,
      'dataset-item': itemHooks,
      'dataset-version': versionHooks,
      bag: bagPlanHooks,
      'processing-record': processingHooks,
      'training-data': trainingDataHooks,
      'training-mapping': mappingHooks,
    },
    routes: (app) => {
      curateRoutes(app, context);
      versionRoutes(app, context);
      memberRoutes(app, context);
      processingRoutes(app, context);
      trainingRoutes(app, context);
    },
    jobs: () => ({
      // A logic dataset's count follows bags that arrive or change between its own edits.
      handlers: { [RECOUNT_JOB]: () => recountLogic(context.db) },
      schedules: [every(RECOUNT_JOB, 60)],
      // Exports take minutes: a worker of their own, one at a time, so the sweeps never wait behind one.
      lanes: [{ name: 'exports', handlers: { [EXPORT_JOB]: exportJob(context) }, concurrency: 1, pollMs: 1000, leaseMs: 10 * 60_000 }],
    }),
  }),
};

import { structuredFilesOf } from '../../../model/schemas/structured-data';
import type { DomainModule } from '../../engine/module';
import { overviewRoutes } from './overview-routes';
import { evaluationRecordHooks } from './evaluation-hooks';
import { deleteResults } from './results-store';
import { structuredFileRoutes } from './structured-file-routes';
import { structuredDatasetHooks, structuredVersionHooks } from './structured-versions';

/**
 * Evaluation: structured data whose files are uploaded (each kept with its size and SHA-256) and
 * downloaded through signed links; a deleted record's files go with it once the delete has committed.
 * Structured datasets publish versions that freeze their data. An evaluation's items are picked by a
 * filter (counted when it is made); its run reports per item; the overview ranks models with Wilson
 * intervals and compares two evaluations of the same items.
 */
export const evaluationModule: DomainModule = {
  name: 'evaluation',
  setup: (context) => ({
    hooks: {
      // An evaluation's results go with it, or with its space.
      'evaluation-record': {
        ...evaluationRecordHooks,
        afterDelete: (hook, rows) =>
          deleteResults(
            hook.db,
            'evaluation_record_id',
            rows.map((row) => Number(row.id)),
          ),
      },
      tenant: {
        afterDelete: (hook, rows) =>
          deleteResults(
            hook.db,
            'tenant_id',
            rows.map((row) => Number(row.id)),
          ),
      },
      'structured-dataset': structuredDatasetHooks,
      'structured-dataset-version': structuredVersionHooks,
      'structured-data': {
        afterDelete: ({ storage, afterCommit }, rows) => {
          for (const file of rows.flatMap((row) => structuredFilesOf(row.files))) afterCommit(async () => await storage.delete(file.key));
        },
      },
    },
    routes: (app) => {
      structuredFileRoutes(app, context);
      overviewRoutes(app, context);
    },
  }),
};

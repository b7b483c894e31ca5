import { structuredFilesOf } from '../../../model/schemas/structured-data';
import type { DomainModule } from '../../engine/module';
import { overviewRoutes } from './overview-routes';
import { deleteResults } from './results-store';
import { structuredFileRoutes } from './structured-file-routes';

/**
 * Evaluation: structured data whose files are uploaded (each kept with its size and SHA-256) and
 * downloaded through signed links; a deleted record's files go with it once the delete has committed.
 * Evaluation runs report per item; the overview ranks models with Wilson intervals and compares two
 * evaluations of the same items.
 */
export const evaluationModule: DomainModule = {
  name: 'evaluation',
  setup: (context) => ({
    hooks: {
      // An evaluation's results go with it, or with its space.
      'evaluation-record': {
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

import type { DomainModule } from '../../engine/module';
import { every } from '../../jobs/periodic';
import { bagObjectHooks } from './bag-object-hooks';
import { downloadRoutes } from './download-routes';
import { expireJob } from './expire-job';
import { INGEST_JOB } from './finish-upload';
import { ingestJob } from './ingest-job';
import { uploadRoutes } from './upload-routes';

export const EXPIRE_JOB = 'lake.expire-uploads';

/** The data lake: recordings uploaded in parts, checked and parsed in the background, downloaded through expiring links. */
export const lakeModule: DomainModule = {
  name: 'lake',
  setup: (context) => ({
    hooks: { bag: bagObjectHooks },
    routes: (app) => {
      uploadRoutes(app, context);
      downloadRoutes(app, context);
    },
    jobs: () => ({
      handlers: { [INGEST_JOB]: ingestJob(context), [EXPIRE_JOB]: expireJob(context) },
      schedules: [every(EXPIRE_JOB, 15 * 60)],
    }),
  }),
};

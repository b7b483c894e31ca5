import type { DomainModule } from '../../engine/module';
import { every } from '../../jobs/periodic';
import { bagObjectHooks } from './bag-object-hooks';
import { downloadRoutes } from './download-routes';
import { expireJob } from './expire-job';
import { INGEST_JOB } from './finish-upload';
import { ingestJob } from './ingest-job';
import { uploadRoutes } from './upload-routes';

export const EXPIRE_JOB = 'lake.expire-uploads';

/** The data lake (issue #13): recordings uploaded in parts, checked and parsed in the background, downloaded through expiring links. */
export const lakeModule: DomainModule = {
  name: 'lake',
  hooks: { bag: bagObjectHooks },
  routes: (app, context) => {
    uploadRoutes(app, context);
    downloadRoutes(app, context);
  },
  jobs: (context) => ({
    handlers: { [INGEST_JOB]: ingestJob(context), [EXPIRE_JOB]: expireJob(context) },
    schedules: [every(EXPIRE_JOB, 15 * 60)],
  }),
};

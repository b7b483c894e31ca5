import type { DomainModule } from '../../engine/module';
import { backupJobs, snapshotter } from './backup-job';
import { backupRoutes } from './backup-routes';

/** The embedded server's own snapshots: daily by a schedule, or now when its administrator asks (`npm run backup`). */
export const backupModule: DomainModule = {
  name: 'backup',
  setup: (context) => {
    const snapshots = context.snapshot ? snapshotter(context.snapshot, context) : null;
    return { routes: (app) => backupRoutes(app, snapshots), jobs: () => backupJobs(snapshots, context.config.backup.cron) };
  },
};

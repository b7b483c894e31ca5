import { sql } from 'kysely';
import type { AppContext } from '../../context';
import type { JobHandler } from '../../jobs/worker';
import type { ModuleJobs } from '../../engine/module';
import { cron } from '../../jobs/periodic';
import { pruneSnapshots, takeSnapshot, type SnapshotSource } from '../../backup/snapshot';

const SNAPSHOT_JOB = 'backup.snapshot';

export type Snapshotter = ReturnType<typeof snapshotter>;

/**
 * Takes one snapshot into the configured directory, then removes the oldest beyond the retention.
 * One at a time in the app: a snapshot asked for while the scheduled one is under way waits for it
 * (the pruning would otherwise remove the other's half-built directory).
 */
export function snapshotter(source: SnapshotSource, { config, clock }: Pick<AppContext, 'config' | 'clock'>) {
  let running: Promise<unknown> = Promise.resolve();
  return {
    now() {
      const next = running.then(async () => {
        const taken = await takeSnapshot(source, config.backup.dir, clock());
        await pruneSnapshots(config.backup.dir, config.backup.keep);
        return taken;
      });
      running = next.catch(() => undefined);
      return next;
    },
  };
}

/**
 * Daily (BACKUP_CRON) when the server's data are all on this machine; PostgreSQL and S3 are backed
 * up by their own tools. A due time missed while the server was down is taken when it is back, but
 * not one from before the database was first seeded: a new server has nothing to keep yet.
 */
export function backupJobs(snapshots: Snapshotter | null, expression: string): ModuleJobs {
  if (!snapshots) return { handlers: {} };
  const handler: JobHandler = async (payload, { db }) => {
    const { rows } = await sql<{ seededTime: Date }>`select seeded_time from seed_mark`.execute(db);
    const due = Date.parse(String((payload as { dueTime?: string }).dueTime));
    if (rows[0] && due < rows[0].seededTime.getTime()) return;
    await snapshots.now();
  };
  return { handlers: { [SNAPSHOT_JOB]: handler }, schedules: [cron(SNAPSHOT_JOB, expression)] };
}

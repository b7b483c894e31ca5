import type { Db } from '../db/tables';
import { withJobTables } from './job-tables';

export const PRUNE_AFTER = { succeededMs: 24 * 60 * 60_000, failedMs: 30 * 24 * 60 * 60_000 };

/**
 * Finished jobs are history: succeeded ones kept a day, failed ones (their error to read) a month.
 * Periodic jobs do not need theirs kept: job_schedules remembers which due times fired.
 */
export async function pruneJobs(db: Db, now: Date, keep = PRUNE_AFTER): Promise<number> {
  const result = await withJobTables(db)
    .deleteFrom('jobs')
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'succeeded'), eb('finishedTime', '<', new Date(now.getTime() - keep.succeededMs))]),
        eb.and([eb('state', '=', 'failed'), eb('finishedTime', '<', new Date(now.getTime() - keep.failedMs))]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

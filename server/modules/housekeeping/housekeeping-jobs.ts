import { sweep } from '../../auth/housekeeping';
import type { DatabaseTarget } from '../../db/connect';
import { vacuumWhereDue, type AnalyzedAt } from '../../db/autovacuum';
import { every, type PeriodicJob } from '../../jobs/periodic';
import { pruneJobs } from '../../jobs/prune';
import type { JobHandler } from '../../jobs/worker';

export interface HousekeepingOptions {
  kind: DatabaseTarget['kind'];
  sessionIdleMs: number;
}

/** The server's own background work, as periodic jobs: each due time runs once, whichever process takes it. */
export function housekeepingJobs({ kind, sessionIdleMs }: HousekeepingOptions): { handlers: Record<string, JobHandler>; schedules: PeriodicJob[] } {
  const handlers: Record<string, JobHandler> = {
    // Expired nonces, idle sessions, finished rate windows.
    'auth.sweep': (_payload, { db, clock }) => sweep(db, clock(), sessionIdleMs),
    'jobs.prune': async (_payload, { db, clock }) => void (await pruneJobs(db, clock())),
  };
  const schedules = [every('auth.sweep', 10 * 60), every('jobs.prune', 60 * 60)];
  // PostgreSQL has its autovacuum daemon; embedded PGlite has none.
  if (kind === 'pglite') {
    const analyzedAt: AnalyzedAt = new Map();
    handlers['db.vacuum'] = async (_payload, { db }) => void (await vacuumWhereDue(db, analyzedAt));
    schedules.push(every('db.vacuum', 5 * 60));
  }
  return { handlers, schedules };
}

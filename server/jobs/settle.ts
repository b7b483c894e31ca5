import { sql } from 'kysely';
import type { Db } from '../db/tables';
import type { ClaimedJob } from './claim';

export interface Backoff {
  baseMs: number;
  maxMs: number;
}
export const DEFAULT_BACKOFF: Backoff = { baseMs: 1000, maxMs: 60 * 60_000 };

/** How long a job waits after its `attempts`-th run failed: base·2^attempts, capped. */
export const retryDelayMs = (attempts: number, { baseMs, maxMs }: Backoff): number => Math.min(maxMs, baseMs * 2 ** attempts);

/**
 * Every update below holds only while this worker still has this run of the job (same lease holder,
 * same attempt): a worker that lost its lease (and the job to another) changes nothing.
 */
const held = (job: ClaimedJob, workerId: string) => sql`id = ${job.id} and state = 'running' and locked_by = ${workerId} and attempts = ${job.attempts}`;

export async function markSucceeded(db: Db, job: ClaimedJob, workerId: string, now: Date): Promise<boolean> {
  const result = await sql`update jobs set state = 'succeeded', lease_until = null, finished_time = ${now}, updated_time = ${now}
    where ${held(job, workerId)}`.execute(db);
  return Number(result.numAffectedRows) === 1;
}

/** Queued again after a backoff, or, on the last attempt, `failed`; the error is kept either way. */
export async function markFailed(db: Db, job: ClaimedJob, workerId: string, now: Date, error: unknown, backoff: Backoff): Promise<boolean> {
  const lastError = errorText(error);
  const result =
    job.attempts >= job.maxAttempts
      ? await sql`update jobs set state = 'failed', lease_until = null, last_error = ${lastError}, finished_time = ${now}, updated_time = ${now}
          where ${held(job, workerId)}`.execute(db)
      : await sql`update jobs set state = 'queued', lease_until = null, locked_by = null, last_error = ${lastError},
          run_at = ${new Date(now.getTime() + retryDelayMs(job.attempts, backoff))}, updated_time = ${now}
          where ${held(job, workerId)}`.execute(db);
  return Number(result.numAffectedRows) === 1;
}

/** Moves the leases of runs still going forward; returns the ids this worker still holds. */
export async function extendLeases(db: Db, jobs: ClaimedJob[], workerId: string, now: Date, leaseMs: number): Promise<Set<number>> {
  if (jobs.length === 0) return new Set();
  const { rows } = await sql<{ id: number }>`update jobs set lease_until = ${new Date(now.getTime() + leaseMs)}, updated_time = ${now}
    where state = 'running' and locked_by = ${workerId}
      and (id, attempts) in (select * from unnest(${jobs.map((job) => job.id)}::bigint[], ${jobs.map((job) => job.attempts)}::int[]))
    returning id`.execute(db);
  return new Set(rows.map((row) => row.id));
}

const errorText = (error: unknown): string => (error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error)).slice(0, 8000);

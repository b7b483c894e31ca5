import { sql } from 'kysely';
import type { Db } from '../db/tables';
import type { JsonValue } from './job-tables';

/** A job as a worker holds it: `attempts` counts this run, and identifies it when settling. */
export interface ClaimedJob {
  id: number;
  name: string;
  payload: JsonValue;
  attempts: number;
  maxAttempts: number;
  runAt: Date;
}

export interface ClaimRequest {
  /** Only jobs this worker has handlers for. */
  names: string[];
  workerId: string;
  limit: number;
  now: Date;
  leaseMs: number;
  /** Ids to leave alone (the caller's own runs still going). */
  skip?: number[];
}

/**
 * Takes up to `limit` due jobs: queued ones whose time has come, and running ones whose lease ran
 * out (their worker died) with attempts left. SKIP LOCKED lets workers claim side by side without
 * waiting on or taking each other's rows. In the same statement, a job whose lease ran out on its
 * last attempt is left `failed`: nobody would ever claim it again.
 */
export async function claimJobs(db: Db, { names, workerId, limit, now, leaseMs, skip = [] }: ClaimRequest): Promise<ClaimedJob[]> {
  if (names.length === 0 || limit <= 0) return [];
  const leaseUntil = new Date(now.getTime() + leaseMs);
  const { rows } = await sql<ClaimedJob>`
    with exhausted as (
      update jobs set state = 'failed', lease_until = null, finished_time = ${now}, updated_time = ${now},
        last_error = 'the lease of attempt ' || attempts || ' expired: its worker ' || coalesce(locked_by, '') || ' stopped'
      where state = 'running' and lease_until < ${now} and attempts >= max_attempts
    )
    update jobs set state = 'running', attempts = attempts + 1, lease_until = ${leaseUntil}, locked_by = ${workerId}, updated_time = ${now}
    where id in (
      select id from jobs
      where name = any(${names}::text[]) and id <> all(${skip}::bigint[])
        and ((state = 'queued' and run_at <= ${now}) or (state = 'running' and lease_until < ${now} and attempts < max_attempts))
      order by run_at, id
      limit ${limit}
      for update skip locked)
    returning id, name, payload, attempts, max_attempts, run_at`.execute(db);
  return rows.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);
}

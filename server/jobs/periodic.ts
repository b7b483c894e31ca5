import { Cron } from 'croner';
import { sql } from 'kysely';
import type { Db } from '../db/tables';
import { DEFAULT_MAX_ATTEMPTS } from './enqueue';

/** A job enqueued at each due time of a schedule; its payload is `{ dueTime }` (ISO). */
export interface PeriodicJob {
  name: string;
  /** The latest due time at or before `now`, or null if none has come yet. */
  dueAt(now: Date): Date | null;
  maxAttempts: number;
}

export interface PeriodicOptions {
  maxAttempts?: number;
}

/** Due at every multiple of `seconds` since the epoch: the same instants in every process, whatever its start time. */
export function every(name: string, seconds: number, options: PeriodicOptions = {}): PeriodicJob {
  if (!Number.isInteger(seconds) || seconds < 1) throw new Error(`every(${name}): seconds must be a positive integer, got ${seconds}`);
  const periodMs = seconds * 1000;
  return { name, dueAt: (now) => new Date(Math.floor(now.getTime() / periodMs) * periodMs), maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS };
}

/** Due at each time a cron expression names (croner: 5 fields, or 6 with seconds); local time unless a timezone is given. */
export function cron(name: string, expression: string, options: PeriodicOptions & { timezone?: string } = {}): PeriodicJob {
  const schedule = new Cron(expression, { paused: true, ...(options.timezone ? { timezone: options.timezone } : {}) });
  return {
    name,
    // previousRuns counts only runs before its reference; a run at exactly `now` is due too.
    dueAt: (now) => schedule.previousRuns(1, new Date(now.getTime() + 1))[0] ?? null,
    maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
  };
}

/**
 * Enqueues the job for one due time unless some process already has: the schedule's row only moves
 * forward (a conditional upsert, which concurrent callers take one at a time), and the job is written
 * in the same statement only if this call moved it. So each due time fires once however many
 * processes run, a process whose clock lags cannot fire an earlier one again, and pruning old jobs
 * cannot make one fire twice. The singleton key says the same thing on the job itself.
 */
export async function enqueueDue(db: Db, job: PeriodicJob, due: Date, now: Date): Promise<boolean> {
  const dueTime = due.toISOString();
  const { rows } = await sql<{ id: number }>`
    with advanced as (
      insert into job_schedules (name, last_due_time) values (${job.name}, ${due})
      on conflict (name) do update set last_due_time = excluded.last_due_time
      where job_schedules.last_due_time < excluded.last_due_time
      returning name
    )
    insert into jobs (name, payload, run_at, max_attempts, singleton_key, created_time, updated_time)
    select name, ${JSON.stringify({ dueTime })}::jsonb, ${due}, ${job.maxAttempts}, ${`${job.name}:${dueTime}`}, ${now}, ${now} from advanced
    on conflict (singleton_key) do nothing
    returning id`.execute(db);
  return rows.length === 1;
}

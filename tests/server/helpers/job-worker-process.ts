import { sql } from 'kysely';
import { openDatabase } from '../../../server/db/connect';
import { cron, every } from '../../../server/jobs/periodic';
import { startWorker, type JobHandler } from '../../../server/jobs/worker';

/**
 * One worker process for tests/server/processes/jobs-processes.postgres.test.ts: the job queue alone on a
 * PostgreSQL schema (JOBS_DATABASE_URL, JOBS_SCHEMA), without the rest of the server.
 *  - `work`: records its start in job_runs, then hangs for good when its attempt is payload.hangOnAttempt.
 *  - with PERIODIC=1, `tick` (every second) and `cron-tick` (cron, every second): each records its due time in ticks.
 * Prints "ready" once polling; on SIGTERM stops the worker and exits.
 */
const env = process.env;
const workerId = env.WORKER_ID!;
const database = await openDatabase({ kind: 'postgres', url: env.JOBS_DATABASE_URL!, schema: env.JOBS_SCHEMA! });

const record: JobHandler = async (payload: { dueTime: string }, { db, job }) => {
  await sql`insert into ticks (name, due_time, worker_id) values (${job.name}, ${payload.dueTime}, ${workerId})`.execute(db);
};
const handlers: Record<string, JobHandler> = {
  work: async (payload: { hangOnAttempt?: number }, { db, job }) => {
    await sql`insert into job_runs (job_id, attempt, worker_id, started_time) values (${job.id}, ${job.attempts}, ${workerId}, clock_timestamp())`.execute(db);
    console.log(`started job ${job.id} attempt ${job.attempts}`);
    if (payload.hangOnAttempt === job.attempts) await new Promise(() => {});
  },
  tick: record,
  'cron-tick': record,
};
const worker = startWorker({
  db: database.db,
  handlers,
  schedules: env.PERIODIC === '1' ? [every('tick', 1), cron('cron-tick', '* * * * * *')] : [],
  workerId,
  leaseMs: Number(env.LEASE_MS),
  pollMs: Number(env.POLL_MS),
  concurrency: 2,
  onError: (error) => console.error(error),
});
console.log('ready');

process.on('SIGTERM', () => {
  void worker
    .stop(1000)
    .then(() => database.close())
    .then(() => process.exit(0));
});

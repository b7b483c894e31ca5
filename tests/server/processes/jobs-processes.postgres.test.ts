import { spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../server/db/connect';
import { migrateToLatest } from '../../../server/db/migrate';
import { enqueue } from '../../../server/jobs/enqueue';
import { withJobTables } from '../../../server/jobs/job-tables';
import { useServerSchema } from '../helpers/server-schema';
import type { ServerProcess } from '../helpers/server-process';

/** The job queue across real processes on one PostgreSQL schema (tests/server/helpers/job-worker-process.ts). */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const LEASE_MS = 1500;
const { url, schema, running } = useServerSchema();

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ kind: 'postgres', url, schema });
  await migrateToLatest(database.db);
  await sql`create table job_runs (job_id bigint, attempt int, worker_id text, started_time timestamptz)`.execute(database.db);
  await sql`create table ticks (name text, due_time text, worker_id text)`.execute(database.db);
});
afterAll(() => database?.close());

interface WorkerProcess extends ServerProcess {
  id: string;
}

/** Starts a worker process and waits for its "ready"; it is killed after the file if still running. */
async function startWorkerProcess(id: string, extraEnv: Record<string, string> = {}): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/server/helpers/job-worker-process.ts'], {
    cwd: ROOT,
    env: { ...process.env, JOBS_DATABASE_URL: url, JOBS_SCHEMA: schema, WORKER_ID: id, LEASE_MS: String(LEASE_MS), POLL_MS: '100', ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const worker: WorkerProcess = {
    id,
    child,
    port: 0,
    base: '',
    output: () => output,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  running.push(worker);
  await waitFor(() => output.includes('ready') || child.exitCode !== null, 30_000);
  if (child.exitCode !== null) throw new Error(`worker ${id} exited: ${output}`);
  return worker;
}

async function waitFor<T>(probe: () => T | Promise<T>, timeoutMs = 15_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms`);
    await sleep(50);
  }
}

const runsOf = (jobId: number) =>
  sql<{ attempt: number; workerId: string; startedTime: Date }>`select attempt, worker_id, started_time from job_runs where job_id = ${jobId} order by attempt`
    .execute(database.db)
    .then((result) => result.rows);
const jobOf = (jobId: number) => withJobTables(database.db).selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();

describe('jobs across processes (PostgreSQL)', () => {
  it('retries a job whose worker process was killed mid-run, in another process, once its lease has run out', async () => {
    const workers = await Promise.all([startWorkerProcess('p1'), startWorkerProcess('p2')]);
    const jobId = (await enqueue(database.db, 'work', { hangOnAttempt: 1 }, { maxAttempts: 3 }))!;
    const [first] = await waitFor(() => runsOf(jobId).then((runs) => (runs.length > 0 ? runs : undefined)));
    const holder = workers.find((worker) => worker.id === first!.workerId)!;
    const other = workers.find((worker) => worker !== holder)!;

    // Alive, the holder's heartbeats keep the job: two leases on, nobody else has run it.
    await sleep(2 * LEASE_MS);
    expect(await runsOf(jobId)).toHaveLength(1);
    const held = await jobOf(jobId);
    expect(held).toMatchObject({ state: 'running', attempts: 1, lockedBy: holder.id });
    expect(held.leaseUntil!.getTime()).toBeGreaterThan(first!.startedTime.getTime() + LEASE_MS);

    holder.child.kill('SIGKILL');
    await holder.exited;
    const [, second] = await waitFor(() => runsOf(jobId).then((runs) => (runs.length > 1 ? runs : undefined)));
    expect(second).toMatchObject({ attempt: 2, workerId: other.id });
    expect(second!.startedTime.getTime()).toBeGreaterThanOrEqual(held.leaseUntil!.getTime());
    await waitFor(async () => (await jobOf(jobId)).state === 'succeeded');
    expect(await jobOf(jobId)).toMatchObject({ attempts: 2, lockedBy: other.id, lastError: null });
    expect(await other.stop()).toBe(0);
  });

  it('fires each due time of periodic jobs once with two processes polling', async () => {
    const workers = await Promise.all([startWorkerProcess('p3', { PERIODIC: '1' }), startWorkerProcess('p4', { PERIODIC: '1' })]);
    await sleep(4000);
    expect(await Promise.all(workers.map((worker) => worker.stop()))).toEqual([0, 0]);

    const { rows } = await sql<{ name: string; dueTime: string; runs: number }>`
      select name, due_time, count(*)::int as runs from ticks group by name, due_time order by name, due_time`.execute(database.db);
    expect(rows.filter((row) => row.runs !== 1)).toEqual([]);
    for (const name of ['cron-tick', 'tick']) expect(rows.filter((row) => row.name === name).length).toBeGreaterThanOrEqual(3);
  });
});

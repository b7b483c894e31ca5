import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import { claimJobs } from '../../server/jobs/claim';
import { enqueue } from '../../server/jobs/enqueue';
import { withJobTables } from '../../server/jobs/job-tables';
import { cron, every } from '../../server/jobs/periodic';
import { pruneJobs } from '../../server/jobs/prune';
import { housekeepingJobs } from '../../server/modules/housekeeping/housekeeping-jobs';
import { startWorker, type Worker, type WorkerOptions } from '../../server/jobs/worker';
import { dropSchema, manualClock } from './helpers/test-app';

/** The queue on the database TEST_DB names: a fresh migrated one (its own schema on PostgreSQL) for the file. */
let database: Database;
/** Another pool on the same database for a second worker (PGlite has its one connection: the same). */
let another: () => Promise<Database>;
let closeAll: () => Promise<void>;

beforeAll(async () => {
  if (process.env.TEST_DB !== 'postgres') {
    database = await openDatabase({ kind: 'pglite', dir: 'memory://' });
    another = async () => database;
    closeAll = () => database.close();
  } else {
    const url = process.env.TEST_DATABASE_URL!;
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const opened: Database[] = [];
    another = async () => {
      const next = await openDatabase({ kind: 'postgres', url, schema });
      opened.push(next);
      return next;
    };
    database = await another();
    closeAll = async () => {
      for (const each of opened) await each.close();
      await dropSchema(url, schema);
    };
  }
  await migrateToLatest(database.db);
});
afterAll(() => closeAll());

let clock = manualClock();
const workers: Worker[] = [];
const errors: unknown[] = [];
beforeEach(async () => {
  clock = manualClock();
  errors.length = 0;
  await sql`delete from jobs`.execute(database.db);
  await sql`delete from job_schedules`.execute(database.db);
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop(1000)));
});

const LEASE_MS = 30_000;
/** Polls come from the test (worker.poll()); the worker's own timer stays out of the way. */
const start = (options: Partial<WorkerOptions> & Pick<WorkerOptions, 'handlers'>): Worker => {
  const worker = startWorker({ db: database.db, clock, leaseMs: LEASE_MS, pollMs: 10_000, concurrency: 2, onError: (error) => errors.push(error), ...options });
  workers.push(worker);
  return worker;
};
const pollOnce = async (worker: Worker) => {
  await worker.poll();
  await worker.idle();
};
const jobRows = () => withJobTables(database.db).selectFrom('jobs').selectAll().orderBy('id').execute();

describe('job queue', () => {
  it('writes a job enqueued in a transaction only if the transaction commits, and runs it once', async () => {
    const runs: unknown[] = [];
    const worker = start({ handlers: { 'mail.send': async (payload) => void runs.push(payload) } });
    await database.db
      .transaction()
      .execute(async (trx) => {
        await enqueue(trx, 'mail.send', { to: 'rolled-back' }, { now: clock() });
        throw new Error('abandon');
      })
      .catch(() => {});
    await pollOnce(worker);
    expect(await jobRows()).toEqual([]);
    expect(runs).toEqual([]);

    await database.db.transaction().execute((trx) => enqueue(trx, 'mail.send', { to: 'committed', list: [1, 2] }, { now: clock() }));
    await pollOnce(worker);
    const finishedTime = clock();
    clock.advance(60_000);
    await pollOnce(worker);
    expect(runs).toEqual([{ to: 'committed', list: [1, 2] }]);
    const [job] = await jobRows();
    expect(job).toMatchObject({ state: 'succeeded', attempts: 1, finishedTime, leaseUntil: null });
  });

  it('retries a failing job with exponential backoff, then leaves it failed with its error', async () => {
    let calls = 0;
    const worker = start({
      handlers: {
        flaky: async () => {
          throw new Error(`boom ${++calls}`);
        },
      },
    });
    const t0 = clock().getTime();
    await enqueue(database.db, 'flaky', {}, { now: clock(), maxAttempts: 3 });
    await pollOnce(worker);
    expect(calls).toBe(1);
    let [job] = await jobRows();
    expect(job).toMatchObject({ state: 'queued', attempts: 1, runAt: new Date(t0 + 2000), lockedBy: null });
    expect(job!.lastError).toContain('boom 1');

    clock.advance(1999);
    await pollOnce(worker);
    expect(calls).toBe(1);
    clock.advance(1);
    await pollOnce(worker);
    expect(calls).toBe(2);
    [job] = await jobRows();
    expect(job).toMatchObject({ state: 'queued', attempts: 2, runAt: new Date(t0 + 2000 + 4000) });

    clock.advance(4000);
    await pollOnce(worker);
    expect(calls).toBe(3);
    [job] = await jobRows();
    expect(job).toMatchObject({ state: 'failed', attempts: 3, finishedTime: new Date(t0 + 6000), leaseUntil: null });
    expect(job!.lastError).toContain('boom 3');
    expect(errors).toHaveLength(3);

    clock.advance(24 * 60 * 60_000);
    await pollOnce(worker);
    expect(calls).toBe(3);
  });

  it('claims a job again once the lease of a worker that died has run out, and fails it if that was its last attempt', async () => {
    const ran: string[] = [];
    const retried = await enqueue(database.db, 'work', { n: 1 }, { now: clock(), maxAttempts: 3 });
    const exhausted = await enqueue(database.db, 'work', { n: 2 }, { now: clock(), maxAttempts: 1 });
    // A worker takes both and dies: nothing settles them, nothing extends their leases.
    expect(await claimJobs(database.db, { names: ['work'], workerId: 'dead', limit: 5, now: clock(), leaseMs: LEASE_MS })).toHaveLength(2);
    const worker = start({ handlers: { work: async (payload: { n: number }) => void ran.push(`n${payload.n}`) }, workerId: 'alive' });

    clock.advance(LEASE_MS);
    await pollOnce(worker);
    expect(ran).toEqual([]);
    clock.advance(1);
    await pollOnce(worker);
    expect(ran).toEqual(['n1']);
    const rows = await jobRows();
    expect(rows.find((row) => row.id === retried)).toMatchObject({ state: 'succeeded', attempts: 2, lockedBy: 'alive' });
    const failed = rows.find((row) => row.id === exhausted)!;
    expect(failed).toMatchObject({ state: 'failed', attempts: 1, lockedBy: 'dead' });
    expect(failed.lastError).toMatch(/lease of attempt 1 expired: its worker dead stopped/);
  });

  it("keeps a long run's lease alive with heartbeats, so no other worker takes it", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const runs: string[] = [];
    const handlers = (who: string) => ({
      long: async () => {
        runs.push(who);
        await gate;
      },
    });
    const a = start({ handlers: handlers('a'), workerId: 'a' });
    await enqueue(database.db, 'long', {}, { now: clock() });
    await a.poll();
    expect(runs).toEqual(['a']);
    const b = start({ handlers: handlers('b'), workerId: 'b', db: (await another()).db });
    for (let step = 0; step < 4; step++) {
      clock.advance(LEASE_MS / 2);
      await a.poll();
      await b.poll();
    }
    expect(runs).toEqual(['a']);
    release();
    await a.idle();
    expect(await jobRows()).toMatchObject([{ state: 'succeeded', attempts: 1, lockedBy: 'a' }]);
  });

  it('fires each due time of `every` and `cron` jobs once, with two workers on the database', async () => {
    const fired: string[] = [];
    const handler = (name: string) => async (payload: { dueTime: string }) => void fired.push(`${name} ${payload.dueTime.slice(11, 19)}`);
    const schedules = [every('tick', 10), cron('quarter', '*/15 * * * * *', { timezone: 'UTC' })];
    const handlers = { tick: handler('tick'), quarter: handler('quarter') };
    const a = start({ handlers, schedules, workerId: 'a' });
    const b = start({ handlers, schedules, workerId: 'b', db: (await another()).db });
    for (let step = 0; step < 24; step++) {
      await Promise.all([a.idle(), b.idle()]);
      clock.advance(2500);
      // One after the other, the first changing with what has fired, so each gets a share: polled at
      // once, on PostgreSQL the faster claim could take every job (the race itself is
      // jobs-processes.postgres.test.ts's, two processes polling).
      for (const worker of fired.length % 2 ? [a, b] : [b, a]) await worker.poll();
    }
    await Promise.all([a.idle(), b.idle()]);
    // 08:00:00 (the due time current at the start) to 08:01:00.
    const ticks = ['08:00:00', '08:00:10', '08:00:20', '08:00:30', '08:00:40', '08:00:50', '08:01:00'].map((at) => `tick ${at}`);
    const quarters = ['08:00:00', '08:00:15', '08:00:30', '08:00:45', '08:01:00'].map((at) => `quarter ${at}`);
    expect(fired.sort()).toEqual([...quarters, ...ticks].sort());
    const rows = await jobRows();
    expect(rows.every((row) => row.state === 'succeeded')).toBe(true);
    expect(new Set(rows.map((row) => row.lockedBy))).toEqual(new Set(['a', 'b']));
    expect(rows.map((row) => row.singletonKey).filter((key) => key?.startsWith('tick:'))).toHaveLength(7);
    expect(errors).toEqual([]);
  });

  it('does not fire a due time again once its job has been pruned, nor an earlier one for a lagging clock', async () => {
    const fired: string[] = [];
    const handlers = { hourly: async (payload: { dueTime: string }) => void fired.push(payload.dueTime) };
    const schedules = [every('hourly', 3600)];
    await start({ handlers, schedules }).idle();
    expect(fired).toEqual(['2026-11-22T08:00:00.000Z']);
    await sql`delete from jobs`.execute(database.db);
    await start({ handlers, schedules }).idle();
    const lagging = new Date(clock().getTime() - 3600_000);
    await start({ handlers, schedules, clock: () => lagging }).idle();
    expect(fired).toEqual(['2026-11-22T08:00:00.000Z']);
    expect(errors).toEqual([]);
  });

  it('runs at most `concurrency` handlers at once', async () => {
    let active = 0;
    let most = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const worker = start({
      concurrency: 2,
      handlers: {
        slow: async () => {
          most = Math.max(most, ++active);
          await gate;
          active--;
        },
      },
    });
    for (let n = 0; n < 5; n++) await enqueue(database.db, 'slow', { n }, { now: clock() });
    await worker.poll();
    await worker.poll();
    expect(active).toBe(2);
    const { rows } = await sql<{ n: number }>`select count(*) as n from jobs where state = 'running'`.execute(database.db);
    expect(rows[0]!.n).toBe(2);
    release();
    await worker.idle();
    expect(most).toBe(2);
    expect((await jobRows()).map((row) => row.state)).toEqual(Array(5).fill('succeeded'));
  });

  it('adds nothing for a singleton key already taken', async () => {
    expect(await enqueue(database.db, 'report', {}, { now: clock(), singletonKey: 'report:2026-11' })).toEqual(expect.any(Number));
    expect(await enqueue(database.db, 'report', {}, { now: clock(), singletonKey: 'report:2026-11' })).toBeNull();
    expect(await jobRows()).toHaveLength(1);
  });

  it('prunes succeeded jobs after a day and failed ones after a month, never unfinished ones', async () => {
    const day = 24 * 60 * 60_000;
    const handlers = { ok: async () => {}, bad: async () => Promise.reject(new Error('no')) };
    const worker = start({ handlers });
    await enqueue(database.db, 'ok', {}, { now: clock() });
    await enqueue(database.db, 'bad', {}, { now: clock(), maxAttempts: 1 });
    await pollOnce(worker);
    await enqueue(database.db, 'later', {}, { now: clock(), runAt: new Date(clock().getTime() + 90 * day) });
    expect(await pruneJobs(database.db, new Date(clock().getTime() + day))).toBe(0);
    expect(await pruneJobs(database.db, new Date(clock().getTime() + day + 1))).toBe(1);
    expect((await jobRows()).map((row) => row.name)).toEqual(['bad', 'later']);
    expect(await pruneJobs(database.db, new Date(clock().getTime() + 30 * day + 1))).toBe(1);
    expect((await jobRows()).map((row) => row.name)).toEqual(['later']);
  });

  it("runs the server's sweeps as periodic jobs (and PGlite's vacuum only there)", async () => {
    const longAgo = new Date(clock().getTime() - 24 * 60 * 60_000);
    await sql`insert into nonces (id, random_key, expires_time) values ('stale', 'k', ${longAgo}), ('fresh', 'k', ${clock()})`.execute(database.db);
    const worker = start(housekeepingJobs({ kind: database.kind, sessionIdleMs: 60_000 }));
    await worker.idle();
    const { rows } = await sql<{ id: string }>`select id from nonces order by id`.execute(database.db);
    expect(rows.map((row) => row.id)).toEqual(['fresh']);
    const ran = (await jobRows()).map((row) => `${row.name} ${row.state}`).sort();
    expect(ran).toEqual(['auth.sweep succeeded', 'jobs.prune succeeded', ...(database.kind === 'pglite' ? ['db.vacuum succeeded'] : [])].sort());
    expect(errors).toEqual([]);
  });
});

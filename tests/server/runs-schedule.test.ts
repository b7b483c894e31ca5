import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { task as taskEntity } from '../../model/schemas/task';
import { taskImage } from '../../model/schemas/task-image';
import { systemActor } from '../../server/engine/actor';
import { startRunWorkers } from './helpers/runs';
import { useTestApp } from './helpers/test-app';

/**
 * Schedules: a scheduled task fires on its cron in its zone, once per fire time however
 * many processes look (two sets of workers here, on one database), never for a time before it was
 * written, skipping (and recording) a fire while its last run goes on unless it allows overlap,
 * stopping while removed, and firing the latest missed time once after a downtime.
 */
const { t, api } = useTestApp();
let tenantId: number;
let image: number;
const MINUTE = 60_000;
/**
 * Longer than any move of the test clock below. With the 3 s lease of other run tests, a one-minute
 * move expired a running run's lease, the other process's worker could claim the run job first and
 * fail the run it did not hold, and the next fire then found nothing running.
 */
const leaseMs = 30 * MINUTE;

beforeAll(async () => {
  tenantId = (await t.database.db.selectFrom('tenants').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()).id;
  image = (await t.records.create(systemActor(null), taskImage, { name: 'py', image: 'python:3.11', entrypoint: 'python3 -u' })).id;
});

let made = 0;
const scheduled = async (cronExpression: string, extra: Record<string, unknown> = {}) =>
  (
    await t.records.create(systemActor(tenantId), taskEntity, {
      name: `scheduled-${++made}`,
      taskType: 'data_processing',
      taskCategory: 'production',
      triggerType: 'scheduled',
      cronExpression,
      image,
      memory: 256 * 1024 ** 2,
      gpuCards: 0,
      timeoutTime: 120,
      code: 'print("fired")',
      owner: 'admin',
      ...extra,
    })
  ).id;

const fires = async (taskId: number) =>
  (
    await sql<{ dueTime: Date; outcome: string; instanceId: number | null }>`
      select due_time as "dueTime", outcome, instance_id as "instanceId" from task_fires where task_id = ${taskId} order by due_time`.execute(t.database.db)
  ).rows.map((row) => ({ due: row.dueTime.toISOString(), outcome: row.outcome, instance: row.instanceId !== null }));

const instancesOf = async (taskId: number) =>
  Number(
    (await sql<{ n: string }>`select count(*) as n from instances where task = ${taskId} and trigger_type = 'scheduled'`.execute(t.database.db)).rows[0]!.n,
  );

/** Lets both processes' schedule workers look a few times at the clock's time. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 2500));

describe('scheduled tasks', () => {
  let first: ReturnType<typeof startRunWorkers>;
  let second: ReturnType<typeof startRunWorkers>;
  beforeAll(() => {
    first = startRunWorkers(t, { clock: t.clock, leaseMs });
    second = startRunWorkers(t, { clock: t.clock, leaseMs });
  });
  afterAll(async () => {
    await first.stop();
    await second.stop();
  });

  it('fires each due time once across two processes, in the task zone, never for a time before the task was written', async () => {
    // 08:00:30Z: the every-minute task's 08:00 is before it was made; the 16:01 Shanghai task is 08:01Z.
    t.clock.advance(30_000);
    const everyMinute = await scheduled('* * * * *');
    const shanghai = await scheduled('1 16 * * *', { timezone: 'Asia/Shanghai' });
    const newYork = await scheduled('1 16 * * *', { timezone: 'America/New_York' });
    t.clock.advance(6_000); // the schedule workers read the task list again
    await settle();
    expect(await fires(everyMinute)).toEqual([]);
    t.clock.advance(MINUTE - 36_000); // 08:01:00Z
    await settle();
    expect(await fires(everyMinute)).toEqual([{ due: '2026-11-22T08:01:00.000Z', outcome: 'fired', instance: true }]);
    expect(await fires(shanghai)).toEqual([{ due: '2026-11-22T08:01:00.000Z', outcome: 'fired', instance: true }]);
    expect(await fires(newYork)).toEqual([]);
    t.clock.advance(MINUTE);
    await settle();
    expect((await fires(everyMinute)).map((fire) => fire.due)).toEqual(['2026-11-22T08:01:00.000Z', '2026-11-22T08:02:00.000Z']);
    expect(await instancesOf(everyMinute)).toBe(2);
    expect(await instancesOf(shanghai)).toBe(1);
    expect(first.errors.concat(second.errors)).toEqual([]);
  });

  it('skips and records a fire while the last run goes on, unless the task allows overlapping runs', async () => {
    const long = 'import time\nprint("working", flush=True)\ntime.sleep(60)';
    const alone = await scheduled('* * * * *', { code: long });
    const overlapping = await scheduled('* * * * *', { code: long, allowOverlap: true });
    t.clock.advance(MINUTE);
    await settle();
    t.clock.advance(MINUTE);
    await settle();
    const [firstFire, secondFire] = await fires(alone);
    expect(firstFire).toMatchObject({ outcome: 'fired', instance: true });
    expect(secondFire).toMatchObject({ outcome: 'skipped', instance: false });
    expect((await fires(overlapping)).map((fire) => fire.outcome)).toEqual(['fired', 'fired']);
    expect(await instancesOf(overlapping)).toBe(2);
    expect(first.errors.concat(second.errors)).toEqual([]); // no run lost its lease to the other process
    const { rows } = await sql<{ id: number }>`select id from instances where task in (${alone}, ${overlapping}) and status in ('pending', 'running')`.execute(
      t.database.db,
    );
    const token = await api.token('demo', 'admin');
    for (const { id } of rows) await api.post('/taskFlow/instance/terminate', { ids: [Number(id)] }, { token });
  });

  it('stops while the task is removed, and resumes from the next time after it is restored', async () => {
    const taskId = await scheduled('* * * * *');
    const token = await api.token('demo', 'admin');
    t.clock.advance(MINUTE);
    await settle();
    expect(await fires(taskId)).toHaveLength(1);
    expect((await api.post('/taskFlow/task/remove', { ids: [taskId] }, { token })).status).toBe(200);
    t.clock.advance(6_000);
    await settle();
    t.clock.advance(2 * MINUTE);
    await settle();
    expect(await fires(taskId)).toHaveLength(1);
    expect((await api.post('/taskFlow/task/restore', { ids: [taskId] }, { token })).status).toBe(200);
    t.clock.advance(6_000);
    await settle();
    expect(await fires(taskId)).toHaveLength(1); // not the minute it was restored in
    t.clock.advance(MINUTE);
    await settle();
    expect(await fires(taskId)).toHaveLength(2);
  });
});

describe('a downtime', () => {
  it('fires the latest missed time once when a server is back, not every missed one', async () => {
    const taskId = await scheduled('*/5 * * * *');
    t.clock.advance(6 * MINUTE);
    const back = startRunWorkers(t, { clock: t.clock, leaseMs });
    await settle();
    await back.stop();
    const fired = await fires(taskId);
    expect(fired).toHaveLength(1);
    const due = new Date(fired[0]!.due).getTime();
    expect(due % (5 * MINUTE)).toBe(0);
    expect(t.clock().getTime() - due).toBeLessThan(5 * MINUTE);
  });
});

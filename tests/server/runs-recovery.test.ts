import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { instance } from '../../model/schemas/instance';
import { task as taskEntity } from '../../model/schemas/task';
import { taskImage } from '../../model/schemas/task-image';
import { systemActor } from '../../server/engine/actor';
import { enqueue } from '../../server/jobs/enqueue';
import { RUN_JOB } from '../../server/modules/runs/trigger-run';
import { pythonForRuns, startRunWorkers, waitForStatus } from './helpers/runs';
import { useTestApp } from './helpers/test-app';

/** Nothing stays "running" after its server is gone, whether it stopped cleanly, died, or never had a runner. */
const { t, api } = useTestApp();
let tenantId: number;
let taskId: number;

beforeAll(async () => {
  tenantId = (await t.database.db.selectFrom('tenants').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()).id;
  const image = await t.records.create(systemActor(null), taskImage, { name: 'py', image: 'python:3.11', entrypoint: 'python3 -u' });
  taskId = (
    await t.records.create(systemActor(tenantId), taskEntity, {
      name: 'sleeper',
      taskType: 'data_processing',
      taskCategory: 'development',
      triggerType: 'manual',
      image: image.id,
      memory: 256 * 1024 ** 2,
      gpuCards: 0,
      timeoutTime: 600,
      code: 'import time\nprint("up", flush=True)\ntime.sleep(600)',
      owner: 'admin',
    })
  ).id;
});

const written = (status: string, k8sJobName: string) =>
  t.records.create(systemActor(tenantId), instance, {
    task: taskId,
    taskName: 'sleeper',
    triggerType: 'manual',
    triggerPerson: 'admin',
    timeout: 600,
    k8sJobName,
    status,
  });

it.skipIf(!pythonForRuns())('a server stopping fails the local runs it holds, saying so, and kills their processes', async () => {
  const token = await api.token('demo', 'admin');
  const workers = startRunWorkers(t);
  const id = (await api.post(`/taskFlow/task/${taskId}/run`, undefined, { token })).body.data.id as number;
  await waitForStatus(t, id, ['running']);
  await workers.stop();
  const row = await waitForStatus(t, id, ['failed'], 1000);
  expect(row).toMatchObject({ failure: 'restart' });
  expect(JSON.parse(String(row.history)).map((step: { status: string }) => step.status)).toEqual(['pending', 'running', 'failed']);
});

it('at start, an instance left running with no run job is failed; one left pending is queued and runs', async () => {
  const stale = await written('running', 'edp-stale-running');
  const waiting = await written('pending', 'edp-stale-pending');
  const workers = startRunWorkers(t);
  try {
    expect((await waitForStatus(t, stale.id, ['failed'])).failure).toBe('restart');
    expect((await waitForStatus(t, waiting.id, ['running'])).status).toBe('running');
  } finally {
    await workers.stop();
  }
});

it('a run job held by a process of this machine that is gone is taken over at once, not when its lease runs out', async () => {
  const orphan = await written('running', 'edp-orphan');
  const job = await enqueue(t.database.db, RUN_JOB, { instanceId: orphan.id });
  // As a server that died (a pid that is no process) left it: running, its lease an hour off.
  const host = (await import('node:os')).hostname();
  await sql`update jobs set state = 'running', locked_by = ${`${host}:999999:dead`}, lease_until = now() + interval '1 hour', attempts = 1 where id = ${job}`.execute(
    t.database.db,
  );
  const workers = startRunWorkers(t);
  try {
    expect((await waitForStatus(t, orphan.id, ['failed'], 10_000)).failure).toBe('restart');
  } finally {
    await workers.stop();
  }
});

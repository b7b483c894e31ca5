import { spawnSync } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { taskImage } from '../../../model/schemas/task-image';
import { task as taskEntity } from '../../../model/schemas/task';
import { systemClock, type Clock } from '../../../server/clock';
import { systemActor } from '../../../server/engine/actor';
import { startLanes } from '../../../server/jobs/lanes';
import type { Api } from './api';
import type { TestApp } from './test-app';

/**
 * The runs module's workers of the test's app, on its data directory (a run never sees the repository's
 * ./data). Leases are read on `clock`: a test that moves its clock further than `leaseMs` while a job
 * runs hands that job to whichever process polls first, so such a test needs a longer lease.
 */
export function startRunWorkers(
  t: TestApp,
  { clock = systemClock, env = {}, leaseMs = 3000 }: { clock?: Clock; env?: Record<string, string>; leaseMs?: number } = {},
) {
  const saved = { ...process.env };
  Object.assign(process.env, { EDP_RUNNER_POLL_MS: '200', EDP_RUNNER_GRACE_MS: '500', ...env });
  const { lanes } = t.jobs();
  process.env = saved;
  const errors: unknown[] = [];
  const workers = startLanes(t.database.db, lanes, { clock, leaseMs, onError: (error) => void errors.push(error) });
  return { errors, stop: () => workers.stop() };
}

/** Polls until the instance is in one of these states (a run takes real time). */
export async function waitForStatus(t: TestApp, id: number, states: string[], timeoutMs = 30_000): Promise<Record<string, unknown>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await sql<Record<string, unknown>>`select * from instances where id = ${id}`.execute(t.database.db);
    const row = rows[0];
    if (row && states.includes(String(row.status))) return row;
    if (Date.now() > until) throw new Error(`instance ${id} is ${String(row?.status)}, not ${states.join('/')}, after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Whether a run's `python3 -u` (found on the plain PATH a local run gets) works here. Without it the
 * tests that run Python are skipped with a notice, unless CI (or REQUIRE_ROSBAG=1, which brings
 * Debian's Python) is set: there it is an error, never a skipped suite.
 */
export function pythonForRuns(): boolean {
  const check = spawnSync('python3', ['-c', 'print(1)'], { env: { PATH: '/usr/local/bin:/usr/bin:/bin' }, encoding: 'utf8' });
  if (check.status === 0) return true;
  const reason = check.error?.message ?? check.stderr.trim();
  if (process.env.CI || process.env.REQUIRE_ROSBAG === '1')
    throw new Error(`CI is set but no python3 on /usr/local/bin:/usr/bin:/bin runs (${reason}): apt-get install -y python3`);
  console.warn(`\n[notice] no python3 on /usr/local/bin:/usr/bin:/bin (${reason}; apt-get install -y python3): the tests that run tasks are skipped.\n`);
  return false;
}

/** A manual task of a space on `image`, 512 MiB and no GPU: a processing task unless `values` says otherwise. */
export function createTask(t: TestApp, tenantId: number, image: number, values: { name: string; code: string } & Record<string, unknown>) {
  return t.records.create(systemActor(tenantId), taskEntity, {
    taskType: 'data_processing',
    taskCategory: 'development',
    triggerType: 'manual',
    image,
    memory: 512 * 1024 ** 2,
    gpuCards: 0,
    timeoutTime: 120,
    environment: '',
    owner: 'admin',
    ...values,
  });
}

/** What a file whose tests run tasks in the demo space has, once its `beforeAll` has run. */
export interface DemoRuns {
  /** The demo administrator's session. */
  token: string;
  tenantId: number;
  /** A Python task image. */
  image: number;
}

/**
 * The demo space, its administrator's session, a Python task image and the app's run workers (with
 * `env` set while they are made), ready before the file's tests and stopped after them.
 */
export function useDemoRuns(t: TestApp, api: Api, { env = {} }: { env?: Record<string, string> } = {}): DemoRuns {
  const demo: DemoRuns = { token: '', tenantId: 0, image: 0 };
  let workers: ReturnType<typeof startRunWorkers> | undefined;
  beforeAll(async () => {
    demo.token = await api.token('demo', 'admin');
    demo.tenantId = (await t.database.db.selectFrom('tenants').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()).id;
    demo.image = (await t.records.create(systemActor(null), taskImage, { name: 'py', image: 'python:3.11', entrypoint: 'python3 -u' })).id;
    workers = startRunWorkers(t, { env });
  });
  afterAll(() => workers?.stop());
  return demo;
}

import { spawnSync } from 'node:child_process';
import { sql } from 'kysely';
import { task as taskEntity } from '../../../model/schemas/task';
import { systemClock, type Clock } from '../../../server/clock';
import { systemActor } from '../../../server/engine/actor';
import { startLanes } from '../../../server/jobs/lanes';
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

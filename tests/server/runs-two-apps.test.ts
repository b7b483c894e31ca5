import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { task as taskEntity } from '../../model/schemas/task';
import { taskImage } from '../../model/schemas/task-image';
import { systemActor } from '../../server/engine/actor';
import { apiOf } from './helpers/api';
import { pythonForRuns, startRunWorkers, waitForStatus } from './helpers/runs';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Two apps in one process, each on a database of its own (as tests build them): their instances
 * have the same ids, yet a terminate through one app reaches only the run its own workers follow.
 */
const TICKING = 'import time\nwhile True:\n    print("tick", flush=True)\n    time.sleep(0.2)';

interface Side {
  t: TestApp;
  api: ReturnType<typeof apiOf>;
  token: string;
  taskId: number;
  workers: ReturnType<typeof startRunWorkers>;
}

async function side(): Promise<Side> {
  const t = await createTestApp();
  const api = apiOf(t.app);
  const tenantId = (await t.database.db.selectFrom('tenants').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()).id;
  const image = await t.records.create(systemActor(null), taskImage, { name: 'py', image: 'python:3.11', entrypoint: 'python3 -u' });
  const task = await t.records.create(systemActor(tenantId), taskEntity, {
    name: 'ticking',
    taskType: 'data_processing',
    taskCategory: 'development',
    triggerType: 'manual',
    image: image.id,
    memory: 512 * 1024 ** 2,
    gpuCards: 0,
    timeoutTime: 60,
    code: TICKING,
    owner: 'admin',
  });
  return { t, api, token: await api.token('demo', 'admin'), taskId: task.id, workers: startRunWorkers(t) };
}

const linesOf = async ({ api, token }: Side, id: number): Promise<number> =>
  (await api.get(`/taskFlow/instance/${id}/logs`, { token, query: { limit: '1' } })).body.data.total;

/** Runs the side's task and waits for its first line: its process started and its workers hold it. */
async function startRun(at: Side): Promise<number> {
  const reply = await at.api.post(`/taskFlow/task/${at.taskId}/run`, undefined, { token: at.token });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const id = reply.body.data.id as number;
  await waitForStatus(at.t, id, ['running']);
  await expect.poll(() => linesOf(at, id), { timeout: 15_000 }).toBeGreaterThan(0);
  return id;
}

/** Terminates through the side's API and waits until its workers saw the process end (they then write how much it printed). */
async function terminate(at: Side, id: number): Promise<void> {
  expect((await at.api.post('/taskFlow/instance/terminate', { ids: [id] }, { token: at.token })).status).toBe(200);
  await expect.poll(async () => (await waitForStatus(at.t, id, ['terminated'])).logLines, { timeout: 15_000 }).not.toBeNull();
}

let one: Side | undefined;
let other: Side | undefined;
beforeAll(async () => {
  if (!pythonForRuns()) return;
  one = await side();
  other = await side();
});
afterAll(async () => {
  for (const at of [one, other]) {
    await at?.workers.stop();
    await at?.t.close();
  }
});

describe.skipIf(!pythonForRuns())('two apps in one process', () => {
  it("terminate only the run their own workers hold, though the other app's run has the same instance id", async () => {
    // The other app's run is held first, this one's second: a table of held runs shared by the process would hold this one under the id.
    const otherId = await startRun(other!);
    const oneId = await startRun(one!);
    expect(oneId).toBe(otherId);

    await terminate(other!, otherId);
    const before = await linesOf(one!, oneId);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await linesOf(one!, oneId)).toBeGreaterThan(before); // still printing: its process was not the one stopped
    expect((await waitForStatus(one!.t, oneId, ['running', 'terminated'])).status).toBe('running');

    await terminate(one!, oneId);
    expect(one!.workers.errors).toEqual([]);
    expect(other!.workers.errors).toEqual([]);
  });
});

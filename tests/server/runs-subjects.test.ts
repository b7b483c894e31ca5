import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskImage } from '../../model/schemas/task-image';
import { systemActor } from '../../server/engine/actor';
import { serverSecret } from '../../server/db/server-secrets';
import { INSTANCE_TOKENS, instanceToken } from '../../server/modules/runs/run-spec';
import { createSample, resourceOf } from './helpers/entities';
import { createTask, pythonForRuns, startRunWorkers, waitForStatus } from './helpers/runs';
import { useTestApp } from './helpers/test-app';

/** A training record's start runs its task with its config and datasets, stop terminates it; a model export runs on its compile server's queue, its progress reported by the process. */
const { t, api } = useTestApp();
let token: string;
let tenantId: number;
let image: number;
let workers: ReturnType<typeof startRunWorkers>;

const TRAIN = [
  'import json, os, time',
  'config = json.load(open(os.environ["EDP_CONFIG_FILE"]))',
  'print("config", config["steps"], os.environ["EDP_TRAINING_RECORD_NAME"], os.environ["EDP_DATASET_VERSIONS"])',
  'for step in range(1, config["steps"] + 1):',
  '    time.sleep(float(os.environ.get("STEP_SECONDS", "0.05")))',
  '    print(f"##edp:progress {step * 100 // config[\'steps\']}", flush=True)',
].join('\n');
const EXPORT = [
  'import os, time',
  'print("export", os.environ["EDP_EXPORT_TYPE"], os.environ["EDP_TARGET_MODEL_TYPE"], os.environ["EDP_COMPILE_SERVER_IP"])',
  'for p in (25, 50, 75, 100):',
  '    time.sleep(0.3)',
  '    print(f"##edp:progress {p}", flush=True)',
  'if os.environ.get("WRITES", "yes") == "yes":',
  '    open(os.path.join(os.environ["EDP_OUTPUT_DIR"], "policy.onnx"), "wb").write(b"onnx" * 1000)',
].join('\n');

const makeTask = (name: string, taskType: string, code: string, environment = '') => createTask(t, tenantId, image, { name, taskType, code, environment });

beforeAll(async () => {
  token = await api.token('demo', 'admin');
  tenantId = (await t.database.db.selectFrom('tenants').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()).id;
  image = (await t.records.create(systemActor(null), taskImage, { name: 'py', image: 'python:3.11', entrypoint: 'python3 -u' })).id;
  workers = startRunWorkers(t);
});
afterAll(() => workers.stop());

const record = async (api_: string, id: number) => (await api.get(`${api_}/get`, { token, query: { id: String(id) } })).body.data;
const instancesFor = async (column: 'training_record' | 'model_export', id: number) =>
  (
    await sql<{ id: number; status: string; queue: string }>`select id, status, queue from instances where ${sql.ref(column)} = ${id} order by id`.execute(
      t.database.db,
    )
  ).rows;

describe.skipIf(!pythonForRuns())('training records', () => {
  it('start runs the named task with the config file and dataset versions; its status and progress follow the run', async () => {
    await makeTask('train-quick', 'training', TRAIN);
    const created = await api.post(
      '/training/training-record/create',
      { name: 'quick', task: 'train-quick', foundationModel: 'act', config: '{"steps": 4}' },
      { token },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id as number;
    const started = await api.post('/training/training-record/start', { ids: [id] }, { token });
    expect(started.body.data[0]).toMatchObject({ status: 'running', progress: 0 });
    const [run] = await instancesFor('training_record', id);
    const ended = await waitForStatus(t, Number(run!.id), ['succeeded', 'failed']);
    expect(ended.status).toBe('succeeded');
    expect(ended.triggerPerson).toBe('admin');
    await expect.poll(async () => (await record('/training/training-record', id)).status).toBe('succeeded');
    expect((await record('/training/training-record', id)).progress).toBe(100);
    const log = (await api.get(`/taskFlow/instance/${run!.id}/logs`, { token })).body.data.lines.map((line: { text: string }) => line.text);
    expect(log[0]).toBe('config 4 quick []');
  });

  it('stop terminates its run and leaves the record stopped; a start whose task does not exist is refused and changes nothing', async () => {
    await makeTask('train-slow', 'training', TRAIN, 'STEP_SECONDS=5');
    const id = (
      await api.post('/training/training-record/create', { name: 'slow', task: 'train-slow', foundationModel: 'act', config: '{"steps": 50}' }, { token })
    ).body.data.id;
    await api.post('/training/training-record/start', { ids: [id] }, { token });
    const [run] = await instancesFor('training_record', id);
    await waitForStatus(t, Number(run!.id), ['running']);
    const stopped = await api.post('/training/training-record/stop', { ids: [id] }, { token });
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(200);
    expect(stopped.body.data[0].status).toBe('stopped');
    expect((await waitForStatus(t, Number(run!.id), ['terminated'])).terminatedBy).toBe('system');
    // A run may also call back with its instance token; once it has ended, it cannot.
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/v1/taskFlow/instance/${run!.id}/progress`,
      headers: { authorization: `Bearer ${await tokenOf(Number(run!.id))}` },
      payload: { progress: 5 },
    });
    expect(late.statusCode).toBe(409);

    const orphan = (
      await api.post('/training/training-record/create', { name: 'orphan', task: 'no-such-task', foundationModel: 'act', config: '{}' }, { token })
    ).body.data.id;
    const refused = await api.post('/training/training-record/start', { ids: [orphan] }, { token });
    expect(refused.status).toBe(409);
    expect(refused.body.message.zh_CN).toContain('no-such-task');
    expect((await record('/training/training-record', orphan)).status).toBe('pending');
    expect(await instancesFor('training_record', orphan)).toEqual([]);
  });
});

const tokenOf = async (instanceId: number) => instanceToken(await serverSecret(t.database.db, INSTANCE_TOKENS, t.clock()), instanceId);

describe.skipIf(!pythonForRuns())('a run calling back', () => {
  it('reports progress with its own instance token only', async () => {
    await makeTask('train-callback', 'training', TRAIN, 'STEP_SECONDS=5');
    const id = (
      await api.post(
        '/training/training-record/create',
        { name: 'callback', task: 'train-callback', foundationModel: 'act', config: '{"steps": 50}' },
        { token },
      )
    ).body.data.id;
    await api.post('/training/training-record/start', { ids: [id] }, { token });
    const [run] = await instancesFor('training_record', id);
    await waitForStatus(t, Number(run!.id), ['running']);
    const report = (bearer: string, progress: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/taskFlow/instance/${run!.id}/progress`,
        headers: { authorization: `Bearer ${bearer}` },
        payload: { progress },
      });
    expect((await report(await tokenOf(Number(run!.id) + 1), 40)).statusCode).toBe(403);
    expect((await report(token, 40)).statusCode).toBe(403);
    expect((await report(await tokenOf(Number(run!.id)), 140)).statusCode).toBe(400);
    expect((await report(await tokenOf(Number(run!.id)), 42.5)).statusCode).toBe(200);
    expect((await record('/training/training-record', id)).progress).toBe(42);
    await api.post('/training/training-record/stop', { ids: [id] }, { token });
  });
});

describe.skipIf(!pythonForRuns())('model exports', () => {
  it('run the space’s export task one at a time per compile server, with their progress and end on the export', async () => {
    await makeTask('export-onnx', 'export', EXPORT);
    const card = await createSample(api, resourceOf('model-card'), token);
    const server = await createSample(api, resourceOf('compile-server'), token);
    const exportOf = async (n: number) =>
      (
        await api.post(
          '/training/model-export/create',
          { targetModelId: `export-${n}`, sourceModelId: card.id, exportType: 'onnx', targetModelType: 'onnx', compileServerId: server.id },
          { token },
        )
      ).body.data.id as number;
    const [a, b] = [await exportOf(1), await exportOf(2)];
    const started = await api.post('/training/model-export/start', { ids: [a, b] }, { token });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const [runA] = await instancesFor('model_export', a);
    const [runB] = await instancesFor('model_export', b);
    expect(runA!.queue).toBe(`compile-server:${server.id}`);
    const first = await waitForStatus(t, Number(runA!.id), ['succeeded', 'failed'], 60_000);
    expect(first.status).toBe('succeeded');
    const second = await waitForStatus(t, Number(runB!.id), ['succeeded', 'failed']);
    // One at a time on the compile server: whichever began second began after the other ended.
    const [earlier, later] = [first, second].sort((x, y) => (x.startTime as Date).getTime() - (y.startTime as Date).getTime());
    expect((later!.startTime as Date).getTime()).toBeGreaterThanOrEqual((earlier!.endTime as Date).getTime());
    await expect.poll(async () => (await record('/training/model-export', a)).status).toBe('success');
    expect((await record('/training/model-export', a)).progress).toBe(100);
    const log = (await api.get(`/taskFlow/instance/${runA!.id}/logs`, { token })).body.data.lines.map((line: { text: string }) => line.text);
    expect(log[0]).toBe(`export onnx onnx ${server.ip}`);
    // Its artifact: the file the run wrote, kept with the export when the run goes.
    const files = (await api.get(`/training/model-export/${a}/files`, { token })).body.data.files;
    expect(files).toMatchObject([{ name: 'policy.onnx', size: 4000, sha256: createHash('sha256').update('onnx'.repeat(1000)).digest('hex') }]);
    expect((await api.post('/taskFlow/instance/delete', { ids: [runA!.id] }, { token })).status).toBe(200);
    const link = (await api.get(`/training/model-export/${a}/files/policy.onnx/link`, { token })).body.data.url as string;
    expect((await t.app.inject({ method: 'GET', url: link.replace(/^https?:\/\/[^/]+/, '') })).body).toBe('onnx'.repeat(1000));
  });

  it('fails when its run produced no artifact', async () => {
    await sql`update tasks set status = 'removed' where tenant_id = ${tenantId} and task_type = 'export'`.execute(t.database.db);
    await makeTask('export-nothing', 'export', EXPORT, 'WRITES=no');
    const card = await createSample(api, resourceOf('model-card'), token);
    const server = await createSample(api, resourceOf('compile-server'), token);
    const id = (
      await api.post(
        '/training/model-export/create',
        { targetModelId: 'export-nothing', sourceModelId: card.id, exportType: 'onnx', targetModelType: 'onnx', compileServerId: server.id },
        { token },
      )
    ).body.data.id as number;
    await api.post('/training/model-export/start', { ids: [id] }, { token });
    const [run] = await instancesFor('model_export', id);
    expect((await waitForStatus(t, Number(run!.id), ['succeeded', 'failed'], 60_000)).status).toBe('succeeded');
    await expect.poll(async () => (await record('/training/model-export', id)).status).toBe('failed');
  });
});

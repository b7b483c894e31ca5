import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { task as taskEntity } from '../../model/schemas/task';
import { taskImage } from '../../model/schemas/task-image';
import { systemActor } from '../../server/engine/actor';
import { serverSecret } from '../../server/db/server-secrets';
import { INSTANCE_TOKENS, instanceToken } from '../../server/modules/runs/run-spec';
import { createSample, resourceOf } from './helpers/entities';
import { createTask, pythonForRuns, startRunWorkers, waitForStatus } from './helpers/runs';
import { useTestApp } from './helpers/test-app';

/** A processing record is a run of the space's processing task over a version's manifest; its state follows the run. */
const { t, api } = useTestApp();
let token: string;
let tenantId: number;
let workers: ReturnType<typeof startRunWorkers>;

const PROCESS = [
  'import json, os',
  'manifest = json.load(open(os.environ["EDP_MANIFEST_FILE"]))',
  'print("members", len(manifest["members"]), manifest["version"], os.environ["EDP_MEMBER_COUNT"], flush=True)',
  'raise SystemExit(int(os.environ.get("EXIT_CODE", "0")))',
].join('\n');

beforeAll(async () => {
  token = await api.token('demo', 'rd');
  tenantId = (await t.database.db.selectFrom('tenants').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()).id;
  workers = startRunWorkers(t);
});
afterAll(() => workers.stop());

const post = (path: string, body: unknown) => api.post(path, body, { token });
async function publishedVersion(qualities: string[]) {
  const source = (await post('/data/dataset/create', { name: `processing-${Date.now()}-${qualities.length}`, owner: 'rd', datasetType: 'raw' })).body.data;
  for (const qualityLabel of qualities) {
    const bag = await createSample(api, resourceOf('bag'), token);
    await post('/data/bag/update', { id: bag.id, updatedTime: bag.updatedTime, qualityLabel });
    await post('/data/dataset-item/create', { datasetId: source.id, bagId: bag.id });
  }
  return (await post('/data/dataset-version/create', { datasetId: source.id, version: '1.0.0' })).body.data;
}
async function processingTask(name: string, environment = '') {
  const image = (await t.records.create(systemActor(null), taskImage, { name: `py-${name}`, image: 'python:3.11', entrypoint: 'python3 -u' })).id;
  return createTask(t, tenantId, image, { name, environment, code: PROCESS, owner: 'rd' });
}

describe('processing records (spec §5: filtered data per dataset 1 to 2000)', () => {
  it('refuses a member filter that leaves none, counts what it leaves, and takes no hand-set end', async () => {
    const version = await publishedVersion(['qualified', 'unchecked', 'qualified']);
    const task = await processingTask('refusals');
    const none = await post('/data/processing-record/create', {
      name: 'none',
      datasetVersionId: version.id,
      taskId: task.id,
      memberFilter: '{"qualityLabel": "unqualified"}',
    });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ message: { zh_CN: expect.stringContaining('1 到 2000') }, data: { field: 'memberFilter' } });
    const some = await post('/data/processing-record/create', {
      name: 'some',
      datasetVersionId: version.id,
      taskId: task.id,
      memberFilter: '{"qualityLabel": "qualified"}',
    });
    expect(some.body.data).toMatchObject({ filteredDataCount: 2, status: 'pending', datasetId: version.datasetId });
    // A key the members' list does not filter by would quietly pick every member: refused.
    for (const memberFilter of ['{"qualityLable": "qualified"}', '[1]', '{"qualityLabel": {"in": 1}}', '{']) {
      const refused = await post('/data/processing-record/create', { name: 'typo', datasetVersionId: version.id, taskId: task.id, memberFilter });
      expect([refused.status, refused.body.data]).toEqual([400, { field: 'memberFilter' }]);
    }
    const all = await post('/data/processing-record/create', { name: 'all', datasetVersionId: version.id, taskId: task.id });
    expect(all.body.data.filteredDataCount).toBe(3);
    expect((await post('/data/processing-record/succeed', { ids: [all.body.data.id] })).status).toBe(404);
    expect(
      (await post('/data/processing-record/create', { name: 'forged', datasetVersionId: version.id, taskId: task.id, status: 'success' })).body.data.status,
    ).toBe('pending');
  });

  it.skipIf(!pythonForRuns())('start runs the task with the manifest; the record follows the run to its end, and starts again after failing', async () => {
    const version = await publishedVersion(['qualified', 'unchecked']);
    const task = await processingTask('process-manifest');
    const id = (
      await post('/data/processing-record/create', { name: 'run', datasetVersionId: version.id, taskId: task.id, memberFilter: '{"qualityLabel":"qualified"}' })
    ).body.data.id;
    const started = await post('/data/processing-record/start', { ids: [id] });
    expect(started.body.data[0]).toMatchObject({ status: 'processing' });
    const record = async () => (await api.get('/data/processing-record/get', { token, query: { id: String(id) } })).body.data;
    const instanceId = Number((await record()).instanceId);
    expect((await waitForStatus(t, instanceId, ['succeeded', 'failed'])).status).toBe('succeeded');
    await expect.poll(async () => (await record()).status).toBe('success');
    expect(await record()).toMatchObject({ progress: 100, duration: expect.any(Number), finishedTime: expect.any(String) });
    const log = (await api.get(`/taskFlow/instance/${instanceId}/logs`, { token })).body.data.lines.map((line: { text: string }) => line.text);
    expect(log[0]).toBe('members 1 1.0.0 1');

    const failing = await processingTask('process-fails', 'EXIT_CODE=3');
    const second = (await post('/data/processing-record/create', { name: 'fails', datasetVersionId: version.id, taskId: failing.id })).body.data.id;
    await post('/data/processing-record/start', { ids: [second] });
    const secondRun = Number((await api.get('/data/processing-record/get', { token, query: { id: String(second) } })).body.data.instanceId);
    await waitForStatus(t, secondRun, ['failed']);
    await expect.poll(async () => (await api.get('/data/processing-record/get', { token, query: { id: String(second) } })).body.data.status).toBe('failed');
    expect((await post('/data/processing-record/start', { ids: [second] })).body.data[0].status).toBe('processing');
    const runs = await sql<{ n: string }>`select count(*) as n from instances where processing_record = ${second}`.execute(t.database.db);
    expect(Number(runs.rows[0]!.n)).toBe(2);
  });

  it.skipIf(!pythonForRuns())('a run hands back files and a new version whose parent is its input; nothing else may', async () => {
    const version = await publishedVersion(['qualified', 'qualified']);
    const task = await processingTask('process-slow', 'EXIT_CODE=0');
    await t.records.update(systemActor(tenantId), taskEntity, { id: task.id, code: 'import time\ntime.sleep(20)' });
    const id = (await post('/data/processing-record/create', { name: 'outputs', datasetVersionId: version.id, taskId: task.id })).body.data.id;
    await post('/data/processing-record/start', { ids: [id] });
    const record = async () => (await api.get('/data/processing-record/get', { token, query: { id: String(id) } })).body.data;
    const instanceId = Number((await record()).instanceId);
    await waitForStatus(t, instanceId, ['running']);
    const bearer = `Bearer ${instanceToken(await serverSecret(t.database.db, INSTANCE_TOKENS, new Date()), instanceId)}`;
    const call = (method: 'POST' | 'PUT', url: string, payload: string | object, type = 'application/json', authorization = bearer) =>
      t.app.inject({ method, url: `/api/v1/taskFlow/instance/${instanceId}${url}`, headers: { authorization, 'content-type': type }, payload });

    const stored = await call('PUT', '/output-files/frames.csv', 'frame,score\n1,0.9\n', 'application/octet-stream');
    expect(stored.statusCode, stored.body).toBe(200);
    expect((await call('PUT', '/output-files/..%2Fescape', 'x', 'application/octet-stream')).statusCode).toBe(400);
    const link = await api.get('/data/lake/processing-record/output-file', { token, query: { id: String(id), name: 'frames.csv' } });
    expect(link.body.data.url).toEqual(expect.any(String));

    const members = (await api.get('/data/version-member/query', { token, query: { versionId: String(version.id) } })).body.data.records;
    const forged = await call('POST', '/output-version', { version: '1.0.1', members: [{ bagId: members[0].bagId }] }, 'application/json', 'Bearer nope');
    expect(forged.statusCode).toBe(403);
    const output = await call('POST', '/output-version', {
      version: '1.0.1',
      description: 'clipped',
      // The same bag handed back twice is one member, with its first clip.
      members: [
        { bagId: members[0].bagId, clipStart: 1, clipEnd: 3 },
        { bagId: members[0].bagId, clipStart: 5, clipEnd: 9 },
      ],
    });
    expect(output.statusCode, output.body).toBe(200);
    const produced = (await api.get('/data/dataset-version/get', { token, query: { id: String(output.json().data.id) } })).body.data;
    expect(produced).toMatchObject({ parentId: version.id, bagCount: 1, totalDuration: 2, datasetId: version.datasetId, createdBy: 'rd' });
    expect(await record()).toMatchObject({ outputVersionId: produced.id, outputPath: expect.stringContaining(`/${id}/`) });
    expect((await call('POST', '/output-version', { version: '1.0.2', members: [{ bagId: 999_999_999 }] })).statusCode).toBe(400);
    await post('/taskFlow/instance/terminate', { ids: [instanceId] });
  });
});

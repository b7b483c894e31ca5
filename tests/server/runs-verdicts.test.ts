import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSample, resourceOf } from './helpers/entities';
import { createTask, pythonForRuns, useDemoRuns, waitForStatus } from './helpers/runs';
import { useTestApp } from './helpers/test-app';

/**
 * A CT record's verdict and an evaluation's result follow their runs: a person starts them (again),
 * and nobody marks one passed or failed.
 */
const { t, api } = useTestApp();
let token: string;
let tenantId: number;
let image: number;

const demo = useDemoRuns(t, api);
beforeAll(async () => {
  ({ token, tenantId, image } = demo);
});

const record = async (path: string, id: number) => (await api.get(`${path}/get`, { token, query: { id: String(id) } })).body.data;
const runsOf = async (column: 'ct_record' | 'evaluation_record', id: number) =>
  (await sql<{ id: number; queue: string }>`select id, queue from instances where ${sql.ref(column)} = ${id} order by id`.execute(t.database.db)).rows;

describe('no hand verdicts', () => {
  it.each(['/deployment/ct-record', '/evaluation/evaluation-record', '/training/model-export'])('%s has no succeed or fail call', async (path) => {
    for (const action of ['succeed', 'fail']) expect((await api.post(`${path}/${action}`, { ids: [1] }, { token })).status).toBe(404);
  });
});

describe.skipIf(!pythonForRuns())('CT records', () => {
  const CT = [
    'import os, sys',
    'print("ct", os.environ["EDP_CT_TYPE"], os.environ["EDP_ARTIFACT_VERSION"], os.environ["EDP_COMPILE_SERVER_IP"])',
    'print("##edp:progress 50", flush=True)',
    'sys.exit(0 if os.environ["EDP_CT_MODULE"] != "broken" else 3)',
  ].join('\n');

  it('run the space’s CT task on the compile server’s queue; the run’s end is the verdict, and a failed one runs again', async () => {
    await createTask(t, tenantId, image, { name: 'ct-suite', taskType: 'ct', code: CT });
    const artifact = await createSample(api, resourceOf('artifact'), token);
    const server = await createSample(api, resourceOf('compile-server'), token);
    const ct = async (module: string) =>
      (
        await api.post(
          '/deployment/ct-record/create',
          { batch: `b-${module}`, artifactId: artifact.id, module, type: 'function', serverId: server.id },
          { token },
        )
      ).body.data.id as number;
    const [good, broken] = [await ct('perception'), await ct('broken')];
    const started = await api.post('/deployment/ct-record/start', { ids: [good, broken] }, { token });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data.map((row: { status: string }) => row.status)).toEqual(['processing', 'processing']);
    const [run] = await runsOf('ct_record', good);
    expect(run!.queue).toBe(`compile-server:${server.id}`);
    expect((await waitForStatus(t, Number(run!.id), ['succeeded', 'failed'], 60_000)).status).toBe('succeeded');
    await expect.poll(async () => (await record('/deployment/ct-record', good)).status).toBe('success');
    expect((await record('/deployment/ct-record', good)).progress).toBe(100);
    const log = (await api.get(`/taskFlow/instance/${run!.id}/logs`, { token })).body.data.lines.map((line: { text: string }) => line.text);
    expect(log[0]).toBe(`ct function ${artifact.version} ${server.ip}`);

    const [brokenRun] = await runsOf('ct_record', broken);
    expect((await waitForStatus(t, Number(brokenRun!.id), ['succeeded', 'failed'], 60_000)).status).toBe('failed');
    await expect.poll(async () => (await record('/deployment/ct-record', broken)).status).toBe('failed');
    expect((await api.post('/deployment/ct-record/start', { ids: [broken] }, { token })).status).toBe(200);
    expect(await runsOf('ct_record', broken)).toHaveLength(2);
  });

  it('cannot start without a CT task in the space, and change nothing', async () => {
    await sql`update tasks set status = 'removed' where tenant_id = ${tenantId} and task_type = 'ct'`.execute(t.database.db);
    const artifact = await createSample(api, resourceOf('artifact'), token);
    const server = await createSample(api, resourceOf('compile-server'), token);
    const id = (
      await api.post(
        '/deployment/ct-record/create',
        { batch: 'b-none', artifactId: artifact.id, module: 'm', type: 'function', serverId: server.id },
        { token },
      )
    ).body.data.id;
    const refused = await api.post('/deployment/ct-record/start', { ids: [id] }, { token });
    expect(refused.status).toBe(409);
    expect(refused.body.message.zh_CN).toBe('本空间没有可用于测试制品的 CT 任务');
    expect((await record('/deployment/ct-record', id)).status).toBe('pending');
    expect(await runsOf('ct_record', id)).toEqual([]);
  });
});

describe.skipIf(!pythonForRuns())('evaluation records', () => {
  it('run the space’s evaluation task over their model and dataset; without reported results they make no figures', async () => {
    const EVALUATE = [
      'import os',
      'print("evaluate", os.environ["EDP_MODEL_CARD_ID"], os.environ["EDP_STRUCTURED_DATASET_ID"], os.environ["EDP_FILTERED_DATA_COUNT"])',
      'print("##edp:metric success_rate=72.5 score=140")',
    ].join('\n');
    await createTask(t, tenantId, image, { name: 'evaluate', taskType: 'evaluation', code: EVALUATE });
    const sample = await createSample(api, resourceOf('evaluation-record'), token);
    const started = await api.post('/evaluation/evaluation-record/start', { ids: [sample.id] }, { token });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const [run] = await runsOf('evaluation_record', Number(sample.id));
    expect((await waitForStatus(t, Number(run!.id), ['succeeded', 'failed'], 60_000)).status).toBe('succeeded');
    await expect.poll(async () => (await record('/evaluation/evaluation-record', Number(sample.id))).status).toBe('success');
    // A metric line is a chart, not a result: the figures come from the items the run reports.
    expect(await record('/evaluation/evaluation-record', Number(sample.id))).toMatchObject({ successRate: null, score: null });
    const log = (await api.get(`/taskFlow/instance/${run!.id}/logs`, { token })).body.data.lines.map((line: { text: string }) => line.text);
    expect(log[0]).toBe(`evaluate ${sample.modelCardId} ${sample.structuredDatasetId} ${sample.filteredDataCount}`);
  });
});

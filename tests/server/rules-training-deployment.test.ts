import { beforeAll, describe, expect, it } from 'vitest';
import { routeEntries } from '../../model/resources/index';
import { seedDemoRecords } from '../../server/modules/demo/demo-data';
import { apiResources } from '../../server/engine/registry';
import { createSample, resourceOf } from './helpers/entities';
import { SEED_PASSWORD, useTestApp } from './helpers/test-app';

/** The §4/§5 rules and relations of training records, model cards, exports, artifacts and CT records. */
const { t, api } = useTestApp();
let token: string;
beforeAll(async () => {
  token = await api.token('demo', 'rd', SEED_PASSWORD);
});
const as = () => ({ token });
const total = async (path: string, query: Record<string, string> = {}) => (await api.get(`${path}/query`, { ...as(), query })).body.data.total;
const sample = (entity: string, references: Record<string, number> = {}) => createSample(api, resourceOf(entity), token, references);

const card = (trainingRecordId: number | null, change: Record<string, unknown> = {}) => ({
  name: `act-cloth-folding-${Math.random().toString(36).slice(2, 8)}`,
  modelType: 'act',
  trainer: 'rd',
  trainingTime: '2026-11-01T08:00:00+08:00',
  trainingSteps: 200000,
  trainingRecordId,
  fileName: 'act_cloth_folding_v3.step-200000.ckpt',
  gitBranch: 'main',
  gitCommit: '3f9c2a71d0b84e56a1c7e2f90b3d4c5a6e7f8091',
  ...change,
});

// First, while the demo space is still empty (the seed fills only empty tables).
describe('demo data', () => {
  it('fills every list of the section, linked to the lake and the compile servers', async () => {
    await seedDemoRecords(t.records, t.clock());
    const demo = { token: await api.token('demo', 'admin') };
    const rows = async (path: string) => (await api.get(`${path}/query`, { ...demo, query: { pageSize: '-1' } })).body.data.records;
    for (const path of ['/training/training-record', '/training/model-card', '/training/model-export', '/deployment/artifact', '/deployment/ct-record']) {
      expect((await rows(path)).length, path).toBeGreaterThanOrEqual(5);
    }
    const cards = await rows('/training/model-card');
    const v3 = cards.find((row: { name: string }) => row.name === 'act-cloth-folding-v3');
    expect(v3).toMatchObject({ trainingSteps: 200000, gitCommit: expect.stringMatching(/^[0-9a-f]{40}$/) });
    expect(v3.trainingRecordId).toBeGreaterThan(0);
    expect((await rows('/training/model-card-dataset')).some((row: { modelCardId: number }) => row.modelCardId === v3.id)).toBe(true);
    expect((await rows('/training/training-record-dataset')).length).toBeGreaterThanOrEqual(8);
  });
});

describe('model cards (spec §5: file names of digits, letters, underscore, hyphen, period)', () => {
  it.each(['act cloth.ckpt', 'models/act.ckpt', '模型.ckpt', 'act@v3.ckpt', 'act+v3'])('refuses the file name %s and writes nothing', async (fileName) => {
    const before = await total('/training/model-card');
    const reply = await api.post('/training/model-card/create', card(null, { fileName }), as());
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ message: { zh_CN: '文件名只能包含数字、字母、下划线、中划线和点' }, data: { field: 'fileName' } });
    expect(await total('/training/model-card')).toBe(before);
  });

  it('refuses a git commit that is not hexadecimal', async () => {
    const reply = await api.post('/training/model-card/create', card(null, { gitCommit: 'not-a-commit' }), as());
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ message: { zh_CN: 'Git Commit 须为 7 到 40 位小写十六进制字符' }, data: { field: 'gitCommit' } });
  });

  it('links to its training record, which must exist in the space', async () => {
    const missing = await api.post('/training/model-card/create', card(987654), as());
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ message: { zh_CN: '训练记录引用的记录不存在' }, data: { field: 'trainingRecordId' } });
    const record = await sample('training-record');
    const created = await api.post('/training/model-card/create', card(record.id), as());
    expect(created.status).toBe(200);
    // The record's page lists its cards by this filter.
    const cards = await api.get('/training/model-card/query', { ...as(), query: { trainingRecordId: String(record.id) } });
    expect(cards.body.data.records.map((row: { id: number }) => row.id)).toEqual([created.body.data.id]);
  });

  it('lists its datasets with version, and each version lists its cards, once each', async () => {
    const model = await sample('model-card');
    const [first, second] = [await sample('dataset-version'), await sample('dataset-version')];
    for (const version of [first, second]) {
      expect((await api.post('/training/model-card-dataset/create', { modelCardId: model.id, datasetVersionId: version.id }, as())).status).toBe(200);
    }
    const ofCard = await api.get('/training/model-card-dataset/query', { ...as(), query: { modelCardId: String(model.id) } });
    expect(ofCard.body.data.records.map((row: { datasetVersionId: number }) => row.datasetVersionId).sort()).toEqual([first.id, second.id].sort());
    const ofVersion = await api.get('/training/model-card-dataset/query', { ...as(), query: { datasetVersionId: String(first.id) } });
    expect(ofVersion.body.data.records.map((row: { modelCardId: number }) => row.modelCardId)).toEqual([model.id]);
    const twice = await api.post('/training/model-card-dataset/create', { modelCardId: model.id, datasetVersionId: first.id }, as());
    expect(twice.status).toBe(409);
  });

  it('is listed twice (all cards, model overview) and served once', () => {
    const lists = routeEntries.filter((entry) => entry.view === 'list' && entry.entity === 'model-card').map((entry) => entry.fullPath);
    expect(lists).toEqual(['/training/model/all', '/training/model/overview']);
    expect(apiResources.filter((resource) => resource.entity.name === 'model-card').map((resource) => resource.api)).toEqual(['/training/model-card']);
    expect(routeEntries.find((entry) => entry.view === 'show' && entry.entity === 'model-card')?.fullPath).toBe('/training/model/all/:modelCardId');
  });
});

describe('training records (spec §4: started or stopped, with a running status; §5: valid JSON config)', () => {
  it('refuses a config that is not JSON and writes nothing', async () => {
    const before = await total('/training/training-record');
    const reply = await api.post(
      '/training/training-record/create',
      { name: 'act-broken-config', task: 'cloth-folding', foundationModel: 'act', config: '{"steps": 200000,' },
      as(),
    );
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ message: { zh_CN: '训练配置须为合法的 JSON' }, data: { field: 'config' } });
    expect(await total('/training/training-record')).toBe(before);
  });

  it('starts pending, runs, stops, and starts again; never stops what is not running', async () => {
    // A start runs the task the record names: one of the space's tasks.
    const image = await createSample(api, resourceOf('task-image'), await api.token('platform', 'admin', SEED_PASSWORD));
    const task = await sample('task', { 'task-image': image.id });
    const created = await api.post(
      '/training/training-record/create',
      { name: 'act-cloth-folding-v99', task: task.name, foundationModel: 'act', config: '{"steps": 200000}', status: 'running' },
      as(),
    );
    const { id, status } = created.body.data;
    expect(status).toBe('pending');
    const step = (action: string) => api.post(`/training/training-record/${action}`, { ids: [id] }, as());
    const refused = await step('stop');
    expect(refused.status).toBe(409);
    expect(refused.body.message.zh_CN).toBe('当前状态（待启动）不能执行“停止”');
    expect((await step('start')).body.data[0].status).toBe('running');
    expect((await step('start')).status).toBe(409);
    expect((await step('stop')).body.data[0].status).toBe('stopped');
    expect((await step('start')).body.data[0].status).toBe('running');
  });

  it('links the dataset versions it trains on', async () => {
    const record = await sample('training-record');
    const version = await sample('dataset-version');
    const link = await api.post('/training/training-record-dataset/create', { trainingRecordId: record.id, datasetVersionId: version.id }, as());
    expect(link.status).toBe(200);
    expect(await total('/training/training-record-dataset', { datasetVersionId: String(version.id) })).toBe(1);
    const missing = await api.post('/training/training-record-dataset/create', { trainingRecordId: record.id, datasetVersionId: 987654 }, as());
    expect(missing.body).toMatchObject({ message: { zh_CN: '数据集版本引用的记录不存在' }, data: { field: 'datasetVersionId' } });
  });
});

describe('model exports, artifacts and CT records', () => {
  it('start an export pending at 0%, whatever the client sends, from a card on a compile server', async () => {
    const model = await sample('model-card');
    const server = await sample('compile-server');
    const reply = await api.post(
      '/training/model-export/create',
      {
        targetModelId: 'act-cloth-folding-v9_om_310p',
        sourceModelId: model.id,
        exportType: 'atc',
        targetModelType: 'om',
        compileServerId: server.id,
        status: 'success',
        progress: 100,
      },
      as(),
    );
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ status: 'pending', progress: 0 });
    expect(await total('/training/model-export', { sourceModelId: String(model.id) })).toBe(1);
  });

  it('take only the two architectures of spec §3', async () => {
    const reply = await api.post(
      '/deployment/artifact/create',
      { version: '2.4.0', type: 'release', arch: 'arm64', gitBranch: 'main', gitCommit: '3f9c2a71d0b84e56a1c7e2f90b3d4c5a6e7f8091' },
      as(),
    );
    expect(reply.body).toMatchObject({ message: { zh_CN: '架构须为可选值之一' }, data: { field: 'arch' } });
  });

  it('run CT tests of an artifact on a compile server', async () => {
    const build = await sample('artifact');
    const record = await sample('ct-record', { artifact: build.id });
    expect(record).toMatchObject({ artifactId: build.id, status: 'pending', progress: 0 });
    expect(await total('/deployment/ct-record', { artifactId: String(build.id) })).toBe(1);
  });
});

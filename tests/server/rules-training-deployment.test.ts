import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { artifact } from '../../model/schemas/artifact';
import { artifactModel } from '../../model/schemas/artifact-model';
import { entityInfo, entityReferrers } from '../../model/schemas/engine/info';
import type { AnyEntity } from '../../model/schemas/engine/types';
import { entities } from '../../model/schemas/index';
import { instance } from '../../model/schemas/instance';
import { modelCardDataset } from '../../model/schemas/model-card-dataset';
import { modelExport } from '../../model/schemas/model-export';
import { serverSecret } from '../../server/db/server-secrets';
import { systemActor } from '../../server/engine/actor';
import { INSTANCE_TOKENS, instanceToken } from '../../server/modules/runs/run-spec';
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
    // Each artifact ships at least one export, and every export shipped is one that succeeded.
    const exports = new Map((await rows('/training/model-export')).map((row: { id: number; status: string }) => [row.id, row.status]));
    const shipped = (await rows('/deployment/artifact-model')) as { artifactId: number; modelExportId: number }[];
    expect(shipped.map((link) => exports.get(link.modelExportId)).every((status) => status === 'success')).toBe(true);
    const artifacts = (await rows('/deployment/artifact')) as { id: number }[];
    expect(artifacts.filter((row) => !shipped.some((link) => link.artifactId === row.id))).toEqual([]);
  });
});

describe('model cards (spec §5: file names of digits, letters, underscore, hyphen, period)', () => {
  /** A training run under way (its row as the runner leaves it), and its token. */
  const runningTraining = async () => {
    const image = await createSample(api, resourceOf('task-image'), await api.token('platform', 'admin', SEED_PASSWORD));
    const task = await sample('task', { 'task-image': image.id });
    const tenantId = Number(task.tenantId);
    const run = await t.records.create(systemActor(tenantId), instance, {
      ...{ task: task.id, taskName: String(task.name), triggerType: 'manual', triggerPerson: 'rd', timeout: 600, k8sJobName: `train-${task.id}` },
      ...{ status: 'running', trainingRecord: (await sample('training-record')).id },
    });
    return { id: Number(run.id), token: instanceToken(await serverSecret(t.database.db, INSTANCE_TOKENS, new Date()), Number(run.id)) };
  };

  it.each(['act cloth.ckpt', 'models/act.ckpt', '模型.ckpt', 'act@v3.ckpt', 'act+v3', '...'])(
    'refuses a run’s file named %s and keeps nothing',
    async (fileName) => {
      const run = await runningTraining();
      const reply = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/taskFlow/instance/${run.id}/output-files/${encodeURIComponent(fileName)}`,
        headers: { authorization: `Bearer ${run.token}`, 'content-type': 'application/octet-stream' },
        payload: Buffer.from('weights'),
      });
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ message: { zh_CN: '文件名只能包含数字、字母、下划线、中划线和点' } });
      expect((await sql`select 1 from run_files where instance_id = ${run.id}`.execute(t.database.db)).rows).toEqual([]);
    },
  );

  it('are made by runs: nobody creates a card or its dataset links, and a card’s lineage is not edited', async () => {
    expect((await api.post('/training/model-card/create', card(null), as())).status).toBe(403);
    const model = await sample('model-card');
    const version = await sample('dataset-version');
    expect((await api.post('/training/model-card-dataset/create', { modelCardId: model.id, datasetVersionId: version.id }, as())).status).toBe(403);
    const edited = await api.post(
      '/training/model-card/update',
      { id: model.id, updatedTime: model.updatedTime, trainingSteps: 1, gitCommit: 'abcdef1' },
      as(),
    );
    expect(edited.status).toBe(200);
    const after = (await api.get('/training/model-card/get', { ...as(), query: { id: String(model.id) } })).body.data;
    expect([after.trainingSteps, after.gitCommit]).toEqual([model.trainingSteps, model.gitCommit]);
  });

  it('lists its datasets with version, and each version lists its cards, once each', async () => {
    const model = await sample('model-card');
    const [first, second] = [await sample('dataset-version'), await sample('dataset-version')];
    const actor = systemActor(Number(model.tenantId));
    for (const version of [first, second]) await t.records.create(actor, modelCardDataset, { modelCardId: model.id, datasetVersionId: version.id });
    const ofCard = await api.get('/training/model-card-dataset/query', { ...as(), query: { modelCardId: String(model.id) } });
    expect(ofCard.body.data.records.map((row: { datasetVersionId: number }) => row.datasetVersionId).sort()).toEqual([first.id, second.id].sort());
    const ofVersion = await api.get('/training/model-card-dataset/query', { ...as(), query: { datasetVersionId: String(first.id) } });
    expect(ofVersion.body.data.records.map((row: { modelCardId: number }) => row.modelCardId)).toEqual([model.id]);
    await expect(t.records.create(actor, modelCardDataset, { modelCardId: model.id, datasetVersionId: first.id })).rejects.toMatchObject({ statusCode: 409 });
  });

  it('is listed once (all cards), summed up by the model overview page, and served once', () => {
    const lists = routeEntries.filter((entry) => entry.view === 'list' && entry.entity === 'model-card').map((entry) => entry.fullPath);
    expect(lists).toEqual(['/training/model/all']);
    expect(routeEntries.find((entry) => entry.fullPath === '/training/model/overview')).toMatchObject({ page: 'models/model-overview' });
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

  it('show no typed models on an artifact: what it ships are links to model exports', () => {
    expect(Object.keys(artifact.fields)).not.toContain('models');
  });

  it('run CT tests of an artifact on a compile server', async () => {
    const build = await sample('artifact');
    const record = await sample('ct-record', { artifact: build.id });
    expect(record).toMatchObject({ artifactId: build.id, status: 'pending', progress: 0 });
    expect(await total('/deployment/ct-record', { artifactId: String(build.id) })).toBe(1);
  });
});

describe('the models an artifact ships (links to model exports that succeeded)', () => {
  /** A model export of the caller's space that ended as `status`, reported as its runner would. */
  const exportThat = async (status: 'success' | 'failed' | 'pending' | 'processing', token_ = token) => {
    const made = await createSample(api, resourceOf('model-export'), token_);
    if (status === 'pending') return made;
    return t.records.update(systemActor(Number(made.tenantId)), modelExport, { id: made.id, status, progress: status === 'success' ? 100 : 40 });
  };
  const link = (artifactId: number, modelExportId: number) => api.post('/deployment/artifact-model/create', { artifactId, modelExportId }, as());

  it('links an export that succeeded, listed on the artifact and on the export, once each', async () => {
    const build = await sample('artifact');
    const [om, engine] = [await exportThat('success'), await exportThat('success')];
    for (const each of [om, engine]) expect((await link(build.id, each.id)).status).toBe(200);
    const ofArtifact = await api.get('/deployment/artifact-model/query', { ...as(), query: { artifactId: String(build.id) } });
    expect(ofArtifact.body.data.records.map((row: { modelExportId: number }) => row.modelExportId).sort()).toEqual([om.id, engine.id].sort());
    const other = await sample('artifact');
    expect((await link(other.id, om.id)).status).toBe(200);
    const ofExport = await api.get('/deployment/artifact-model/query', { ...as(), query: { modelExportId: String(om.id) } });
    expect(ofExport.body.data.records.map((row: { artifactId: number }) => row.artifactId).sort()).toEqual([build.id, other.id].sort());

    const offered = await api.get('/training/model-export/query', { ...as(), query: { status: 'success', pageSize: '-1' } });
    expect(offered.body.data.records.map((row: { id: number }) => row.id)).toEqual(expect.arrayContaining([om.id, engine.id]));
    expect(offered.body.data.records.every((row: { status: string }) => row.status === 'success')).toBe(true);
    const again = await link(build.id, om.id);
    expect(again.status).toBe(409);
    expect(await total('/deployment/artifact-model', { artifactId: String(build.id) })).toBe(2);
  });

  it('lists the links on both record pages (each side has a reference to it)', () => {
    const referrers = (entity: AnyEntity) => entityReferrers(entityInfo(entity), entities.map(entityInfo));
    expect(referrers(artifact)).toContainEqual(['artifact-model', 'artifactId']);
    expect(referrers(modelExport)).toContainEqual(['artifact-model', 'modelExportId']);
    // Its form offers only the exports that succeeded, as the export list filtered by status answers them.
    expect(entityInfo(artifactModel).fields.modelExportId!.offers).toEqual({ status: 'success' });
    const list = routeEntries.find((entry) => entry.view === 'list' && entry.entity === 'artifact-model');
    expect(list).toMatchObject({ fullPath: '/deployment/artifact/models', hidden: true, activeMenu: '/deployment/artifact/atc' });
  });

  it.each(['pending', 'processing', 'failed'] as const)('refuses an export %s, with the message, and writes nothing', async (status) => {
    const build = await sample('artifact');
    const unfinished = await exportThat(status);
    const reply = await link(build.id, unfinished.id);
    expect(reply.status).toBe(400);
    const state = { pending: ['待导出', 'Pending'], processing: ['导出中', 'Processing'], failed: ['导出失败', 'Failed'] }[status];
    expect(reply.body).toMatchObject({
      message: {
        zh_CN: `模型导出 ${String(unfinished.targetModelId)} 尚未导出成功（状态：${state[0]}）：制品只能包含导出成功的模型，未完成的导出没有可发布的产物`,
        en_US: expect.stringContaining(`Model export ${String(unfinished.targetModelId)} has not succeeded`),
      },
      data: { field: 'modelExportId' },
    });
    expect(await total('/deployment/artifact-model', { artifactId: String(build.id) })).toBe(0);
    // The system (an import, the demo) is held to the same rule.
    await expect(
      t.records.create(systemActor(Number(build.tenantId)), artifactModel, { artifactId: build.id, modelExportId: unfinished.id }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it("refuses another space's export (or artifact) as not found, and writes nothing", async () => {
    const build = await sample('artifact');
    const platform = await api.token('platform', 'admin', SEED_PASSWORD);
    const foreign = await exportThat('success', platform);
    expect(Number(foreign.tenantId)).not.toBe(Number(build.tenantId));
    const reply = await link(build.id, foreign.id);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ message: { zh_CN: '模型导出引用的记录不存在' }, data: { field: 'modelExportId' } });
    const foreignArtifact = await createSample(api, resourceOf('artifact'), platform);
    const mine = await exportThat('success');
    const backwards = await link(foreignArtifact.id, mine.id);
    expect(backwards.status).toBe(400);
    expect(backwards.body.data).toMatchObject({ field: 'artifactId' });
    expect(await total('/deployment/artifact-model', { modelExportId: String(mine.id) })).toBe(0);
  });

  it('keeps a shipped export (409) and removes the links with their artifact; a link is removed, not edited', async () => {
    const build = await sample('artifact');
    const shipped = await exportThat('success');
    const made = (await link(build.id, shipped.id)).body.data;
    expect((await api.post('/deployment/artifact-model/update', { id: made.id, updatedTime: made.updatedTime, modelExportId: shipped.id }, as())).status).toBe(
      403,
    );
    const kept = await api.post('/training/model-export/delete', { ids: [shipped.id] }, as());
    expect(kept.status).toBe(409);
    expect(kept.body.message.zh_CN).toContain(`ATC 制品 ${String(build.version)}`);
    expect((await api.post('/deployment/artifact/delete', { ids: [build.id] }, as())).status).toBe(200);
    expect(await total('/deployment/artifact-model', { modelExportId: String(shipped.id) })).toBe(0);
    expect((await api.post('/training/model-export/delete', { ids: [shipped.id] }, as())).status).toBe(200);
  });
});

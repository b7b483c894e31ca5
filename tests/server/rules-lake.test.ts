import { beforeAll, describe, expect, it } from 'vitest';
import { entityListEntry, entryByPath } from '../../model/resources/index';
import { ACCOUNTS, createSample, nameOf, resourceOf } from './helpers/entities';
import { SEED_PASSWORD, useTestApp } from './helpers/test-app';

/** The data lake's §5 rules and relations, beyond what the generated suite covers. */
const { api } = useTestApp();
const tokens = new Map<string, string>();
beforeAll(async () => {
  for (const who of ACCOUNTS) tokens.set(nameOf(who), await api.token(who.tenant, who.code, SEED_PASSWORD));
});
const as = (who: string) => ({ token: tokens.get(who)! });
const rd = () => as('demo/rd');
const total = async (path: string, query: Record<string, string> = {}) => (await api.get(`${path}/query`, { ...rd(), query })).body.data.total;
const newDataset = async (name: string, datasetType = 'raw') => {
  const reply = await api.post('/data/dataset/create', { name, datasetType, owner: 'rd', dcProject: 'household-manipulation', dcTask: 'cloth-folding' }, rd());
  expect(reply.status).toBe(200);
  return reply.body.data as { id: number; name: string; rawDataCount: number };
};

describe('datasets', () => {
  it('are served at /data/dataset by the raw tab, with the dc and logic tabs as views shown by name', () => {
    expect(resourceOf('dataset').api).toBe('/data/dataset');
    expect(entityListEntry('dataset')?.fullPath).toBe('/data/lake/raw-data/dataset');
    for (const [kind, datasetType] of [
      ['dataset', 'raw'],
      ['dc-dataset', 'dc'],
      ['logic-dataset', 'logic'],
    ])
      expect(entryByPath.get(`/data/lake/raw-data/${kind}`)).toMatchObject({ preset: { datasetType }, showBy: 'name', hidden: true });
    expect(entryByPath.get('/data/lake/raw-data/dc-dataset/:rawDataSetName')).toMatchObject({ view: 'show', entity: 'dataset' });
    expect(entryByPath.get('/data/lake/raw-data/logic-dataset/:rawDataSetName/:dataId')).toMatchObject({ view: 'show', entity: 'bag' });
    expect(entryByPath.get('/data/lake/raw-data')?.tabGroup?.map((tab) => tab.fullPath)).toEqual([
      '/data/lake/raw-data',
      '/data/lake/raw-data/dataset',
      '/data/lake/raw-data/dc-dataset',
      '/data/lake/raw-data/logic-dataset',
    ]);
  });

  it('filter by kind as the tabs do', async () => {
    await newDataset('kind-dc-1', 'dc');
    await newDataset('kind-logic-1', 'logic');
    const names = async (datasetType: string) =>
      (await api.get('/data/dataset/query', { ...rd(), query: { datasetType, pageSize: '100' } })).body.data.records.map((row: { name: string }) => row.name);
    expect(await names('dc')).toContain('kind-dc-1');
    expect(await names('dc')).not.toContain('kind-logic-1');
    expect(await names('logic')).toContain('kind-logic-1');
  });

  it('have names unique in the space, without slashes, and counters nobody sets', async () => {
    const created = await api.post('/data/dataset/create', { name: 'unique-1', datasetType: 'raw', owner: 'rd', rawDataCount: 99 }, rd());
    expect(created.body.data.rawDataCount).toBe(0);
    const again = await api.post('/data/dataset/create', { name: 'unique-1', datasetType: 'dc', owner: 'admin' }, as('demo/admin'));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: { zh_CN: '数据集名称已存在' }, data: { field: 'name' } });
    expect((await api.post('/data/dataset/create', { name: 'unique-1', datasetType: 'raw', owner: 'admin' }, as('platform/admin'))).status).toBe(200);
    const slashed = await api.post('/data/dataset/create', { name: 'a/b', datasetType: 'raw', owner: 'rd' }, rd());
    expect(slashed.status).toBe(400);
    expect(slashed.body).toMatchObject({ message: { zh_CN: '数据集名称不能包含斜杠' }, data: { field: 'name' } });
    expect(await total('/data/dataset', { name: 'a/b' })).toBe(0);
  });
});

describe('dataset versions (spec §5: duplicate dataset versions are not allowed)', () => {
  it('refuses a version twice in one dataset, naming the version, and allows it in another', async () => {
    const first = await newDataset('versions-1');
    const second = await newDataset('versions-2');
    expect((await api.post('/data/dataset-version/create', { datasetId: first.id, version: 'v1.2.0', bagCount: 10 }, rd())).status).toBe(200);
    const duplicate = await api.post('/data/dataset-version/create', { datasetId: first.id, version: 'v1.2.0', bagCount: 12 }, rd());
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ message: { zh_CN: '版本号已存在' }, data: { field: 'version' } });
    expect(await total('/data/dataset-version', { datasetId: String(first.id) })).toBe(1);
    expect((await api.post('/data/dataset-version/create', { datasetId: second.id, version: 'v1.2.0' }, rd())).status).toBe(200);
  });
});

describe('dataset items', () => {
  it('link a dataset to its bags and a bag to its datasets, each bag once', async () => {
    const bag = await createSample(api, resourceOf('bag'), tokens.get('demo/rd')!);
    const raw = await newDataset('items-raw');
    const logic = await newDataset('items-logic', 'logic');
    expect((await api.post('/data/dataset-item/create', { datasetId: raw.id, bagId: bag.id }, rd())).status).toBe(200);
    expect((await api.post('/data/dataset-item/create', { datasetId: logic.id, bagId: bag.id, clipStart: 12, clipEnd: 30 }, rd())).status).toBe(200);
    const ofDataset = (await api.get('/data/dataset-item/query', { ...rd(), query: { datasetId: String(raw.id) } })).body.data.records;
    expect(ofDataset.map((row: { bagId: number }) => row.bagId)).toEqual([bag.id]);
    const ofBag = (await api.get('/data/dataset-item/query', { ...rd(), query: { bagId: String(bag.id) } })).body.data.records;
    expect(ofBag.map((row: { datasetId: number }) => row.datasetId).sort()).toEqual([raw.id, logic.id].sort());

    const again = await api.post('/data/dataset-item/create', { datasetId: raw.id, bagId: bag.id }, rd());
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: { zh_CN: '原始数据已存在' }, data: { field: 'bagId' } });
  });

  it('refuse a clip that ends before it starts, and a bag of another space', async () => {
    const bag = await createSample(api, resourceOf('bag'), tokens.get('demo/rd')!);
    const dataset = await newDataset('items-clip', 'logic');
    const backwards = await api.post('/data/dataset-item/create', { datasetId: dataset.id, bagId: bag.id, clipStart: 30, clipEnd: 10 }, rd());
    expect(backwards.status).toBe(400);
    expect(backwards.body).toMatchObject({ message: { zh_CN: '片段终点须晚于片段起点' }, data: { field: 'clipEnd' } });
    const foreign = await createSample(api, resourceOf('bag'), tokens.get('platform/admin')!);
    const refused = await api.post('/data/dataset-item/create', { datasetId: dataset.id, bagId: foreign.id }, rd());
    expect(refused.body).toMatchObject({ message: { zh_CN: '原始数据引用的记录不存在' }, data: { field: 'bagId' } });
    expect(await total('/data/dataset-item', { datasetId: String(dataset.id) })).toBe(0);
  });
});

describe('data-processing records (spec §5: filtered data per dataset 1 to 2000)', () => {
  let valid: () => Promise<Record<string, unknown>>;
  beforeAll(async () => {
    // Template tasks are the platform's; a space's run names one of them.
    const template = await createSample(api, resourceOf('template-task'), tokens.get('platform/admin')!);
    const dataset = await newDataset('processing-1');
    valid = async () => ({ name: '叠衣服切片抽帧', datasetId: dataset.id, templateTaskId: template.id, filteredDataCount: 100 });
  });

  it.each([
    [0, '筛选数据量不能小于1'],
    [2001, '筛选数据量不能大于2000'],
    [12.5, '筛选数据量须为整数'],
  ])('refuses %d filtered data and writes nothing', async (filteredDataCount, zh) => {
    const before = await total('/data/processing-record');
    const reply = await api.post('/data/processing-record/create', { ...(await valid()), filteredDataCount }, rd());
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ message: { zh_CN: zh }, data: { field: 'filteredDataCount' } });
    expect(await total('/data/processing-record')).toBe(before);
  });

  it('accepts 1 and 2000, starting pending', async () => {
    for (const filteredDataCount of [1, 2000]) {
      const reply = await api.post('/data/processing-record/create', { ...(await valid()), filteredDataCount }, rd());
      expect(reply.status).toBe(200);
      expect(reply.body.data).toMatchObject({ filteredDataCount, status: 'pending' });
    }
  });

  it('refuses a finish before the start', async () => {
    const reply = await api.post(
      '/data/processing-record/create',
      { ...(await valid()), startedTime: '2026-11-02T10:00:00+08:00', finishedTime: '2026-11-02T09:00:00+08:00' },
      rd(),
    );
    expect(reply.body).toMatchObject({ message: { zh_CN: '结束时间不能早于开始时间' }, data: { field: 'finishedTime' } });
  });

  it('runs pending → processing → success, or fails and starts again', async () => {
    const ids = [];
    for (let i = 0; i < 2; i += 1) ids.push((await api.post('/data/processing-record/create', await valid(), rd())).body.data.id);
    const step = (action: string, id: number) => api.post(`/data/processing-record/${action}`, { ids: [id] }, rd());
    expect((await step('succeed', ids[0])).status).toBe(409);
    expect((await step('start', ids[0])).body.data[0].status).toBe('processing');
    expect((await step('succeed', ids[0])).body.data[0].status).toBe('success');
    await step('start', ids[1]);
    expect((await step('fail', ids[1])).body.data[0].status).toBe('failed');
    expect((await step('start', ids[1])).body.data[0].status).toBe('processing');
  });
});

describe('training data', () => {
  it('names the dataset and the version it was built from; both list it', async () => {
    const dataset = await newDataset('training-1');
    const version = (await api.post('/data/dataset-version/create', { datasetId: dataset.id, version: 'v1.0.0' }, rd())).body.data;
    const created = await api.post(
      '/data/training-data/create',
      { name: 'cloth-folding-act-v1.0', datasetId: dataset.id, datasetVersionId: version.id, format: 'lerobot', episodeCount: 8, frameCount: 86400 },
      rd(),
    );
    expect(created.body.data).toMatchObject({ status: 'pending', format: 'lerobot' });
    expect(await total('/data/training-data', { datasetId: String(dataset.id) })).toBe(1);
    expect(await total('/data/training-data', { datasetVersionId: String(version.id) })).toBe(1);
    const duplicate = await api.post('/data/training-data/create', { name: 'cloth-folding-act-v1.0', datasetId: dataset.id, format: 'hdf5' }, rd());
    expect(duplicate.body).toMatchObject({ message: { zh_CN: '训练集名称已存在' }, data: { field: 'name' } });
  });
});

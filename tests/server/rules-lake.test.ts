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
    await api.post('/data/dataset/create', { name: 'kind-dc-1', datasetType: 'dc', owner: 'rd', dcPlanId: 'PLAN-1' }, rd());
    await api.post('/data/dataset/create', { name: 'kind-logic-1', datasetType: 'logic', owner: 'rd', filter: '{}' }, rd());
    const names = async (datasetType: string) =>
      (await api.get('/data/dataset/query', { ...rd(), query: { datasetType, pageSize: '100' } })).body.data.records.map((row: { name: string }) => row.name);
    expect(await names('dc')).toContain('kind-dc-1');
    expect(await names('dc')).not.toContain('kind-logic-1');
    expect(await names('logic')).toContain('kind-logic-1');
  });

  it('have names unique in the space, without slashes, and counters nobody sets', async () => {
    const created = await api.post('/data/dataset/create', { name: 'unique-1', datasetType: 'raw', owner: 'rd', rawDataCount: 99 }, rd());
    expect(created.body.data.rawDataCount).toBe(0);
    const again = await api.post('/data/dataset/create', { name: 'unique-1', datasetType: 'dc', owner: 'admin', dcPlanId: 'PLAN-1' }, as('demo/admin'));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: { zh_CN: '数据集名称已存在' }, data: { field: 'name' } });
    expect((await api.post('/data/dataset/create', { name: 'unique-1', datasetType: 'raw', owner: 'admin' }, as('platform/admin'))).status).toBe(200);
    const slashed = await api.post('/data/dataset/create', { name: 'a/b', datasetType: 'raw', owner: 'rd' }, rd());
    expect(slashed.status).toBe(400);
    expect(slashed.body).toMatchObject({ message: { zh_CN: '数据集名称不能包含斜杠' }, data: { field: 'name' } });
    expect(await total('/data/dataset', { name: 'a/b' })).toBe(0);
  });
});

describe('dataset items', () => {
  it('link a raw dataset to its bags and a bag to its datasets, each bag once', async () => {
    const bag = await createSample(api, resourceOf('bag'), tokens.get('demo/rd')!);
    const raw = await newDataset('items-raw');
    const other = await newDataset('items-raw-2');
    expect((await api.post('/data/dataset-item/create', { datasetId: raw.id, bagId: bag.id }, rd())).status).toBe(200);
    expect((await api.post('/data/dataset-item/create', { datasetId: other.id, bagId: bag.id, clipStart: 12, clipEnd: 30 }, rd())).status).toBe(200);
    const ofDataset = (await api.get('/data/dataset-item/query', { ...rd(), query: { datasetId: String(raw.id) } })).body.data.records;
    expect(ofDataset.map((row: { bagId: number }) => row.bagId)).toEqual([bag.id]);
    const ofBag = (await api.get('/data/dataset-item/query', { ...rd(), query: { bagId: String(bag.id) } })).body.data.records;
    expect(ofBag.map((row: { datasetId: number }) => row.datasetId).sort()).toEqual([raw.id, other.id].sort());

    const again = await api.post('/data/dataset-item/create', { datasetId: raw.id, bagId: bag.id }, rd());
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: { zh_CN: '原始数据已存在' }, data: { field: 'bagId' } });
  });

  it('refuse a clip that ends before it starts, a bag of another space, and a hand-picked member of a logic dataset', async () => {
    const bag = await createSample(api, resourceOf('bag'), tokens.get('demo/rd')!);
    const dataset = await newDataset('items-clip');
    const backwards = await api.post('/data/dataset-item/create', { datasetId: dataset.id, bagId: bag.id, clipStart: 30, clipEnd: 10 }, rd());
    expect(backwards.status).toBe(400);
    expect(backwards.body).toMatchObject({ message: { zh_CN: '片段终点须晚于片段起点' }, data: { field: 'clipEnd' } });
    const foreign = await createSample(api, resourceOf('bag'), tokens.get('platform/admin')!);
    const refused = await api.post('/data/dataset-item/create', { datasetId: dataset.id, bagId: foreign.id }, rd());
    expect(refused.body).toMatchObject({ message: { zh_CN: '原始数据引用的记录不存在' }, data: { field: 'bagId' } });
    expect(await total('/data/dataset-item', { datasetId: String(dataset.id) })).toBe(0);
    const logic = (await api.post('/data/dataset/create', { name: 'items-logic', datasetType: 'logic', owner: 'rd', filter: '{}' }, rd())).body.data;
    const picked = await api.post('/data/dataset-item/create', { datasetId: logic.id, bagId: bag.id }, rd());
    expect(picked.status).toBe(400);
    expect(picked.body.data).toMatchObject({ field: 'datasetId' });
  });
});

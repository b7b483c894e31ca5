import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSample, resourceOf } from './helpers/entities';
import { useTestApp } from './helpers/test-app';

/** Datasets made real: picked, gathered by plan or filtered; published as versions that never change; compared and listed. */
const { api } = useTestApp();
let token: string;
const as = () => ({ token });
let run = 0;
/** A word unique to this run of the file, so filters match only the bags it made. */
const unique = () => `t${Date.now().toString(36)}${(run += 1)}`;

beforeAll(async () => {
  token = await api.token('demo', 'rd');
});

const post = (path: string, body: unknown) => api.post(path, body, as());
const get = async (path: string, query: Record<string, string>) => (await api.get(path, { ...as(), query })).body;
const bagWith = async (values: Record<string, unknown>) => {
  const made = await createSample(api, resourceOf('bag'), token);
  const updated = await post('/data/bag/update', { id: made.id, updatedTime: made.updatedTime, ...values });
  expect(updated.status, JSON.stringify(updated.body)).toBe(200);
  return updated.body.data as Record<string, unknown> & { id: number };
};
const dataset = async (values: Record<string, unknown>) => {
  const reply = await post('/data/dataset/create', { name: unique(), owner: 'rd', datasetType: 'raw', ...values });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data as Record<string, unknown> & { id: number; rawDataCount: number };
};
const publish = (datasetId: number, version: string) => post('/data/dataset-version/create', { datasetId, version, description: '' });
const datasetOf = async (id: number) => (await get('/data/dataset/get', { id: String(id) })).data;

describe('curating from the raw-data list', () => {
  it('adds selected bags, or all that match a filter, counting those already in; every item is audited', async () => {
    const scene = unique();
    const bags = [await bagWith({ sceneName: scene }), await bagWith({ sceneName: scene }), await bagWith({ sceneName: scene })];
    const target = await dataset({});
    const first = await post('/data/lake/dataset/add-bags', { datasetId: target.id, ids: [bags[0]!.id] });
    expect(first.body.data).toEqual({ changed: 1, unchanged: 0 });
    const rest = await post('/data/lake/dataset/add-bags', { datasetId: target.id, filter: { sceneName: scene } });
    expect(rest.body.data).toEqual({ changed: 2, unchanged: 1 });
    expect((await datasetOf(target.id)).rawDataCount).toBe(3);
    const admin = { token: await api.token('demo', 'admin') };
    const audited = await api.get('/console/audit-event/query', { ...admin, query: { entity: 'dataset-item', action: 'create', pageSize: '100' } });
    const ofThese = audited.body.data.records.filter((event: { recordTitle: string }) => bags.some((row) => String(row.id) === event.recordTitle));
    expect(ofThese).toHaveLength(3);
  });

  it('refuses both or neither of ids and filter, a filter key the list does not have, and hand-picked members of a logic dataset', async () => {
    const target = await dataset({});
    for (const body of [{ datasetId: target.id }, { datasetId: target.id, ids: [1], filter: {} }])
      expect((await post('/data/lake/dataset/add-bags', body)).status).toBe(400);
    const typo = await post('/data/lake/dataset/add-bags', { datasetId: target.id, filter: { robotTyp: 'UR5e' } });
    expect(typo.status).toBe(400);
    expect(typo.body.message.en_US).toMatch(/filter/i);
    const logic = await dataset({ datasetType: 'logic', filter: '{}' });
    const bag = await bagWith({});
    expect((await post('/data/lake/dataset/add-bags', { datasetId: logic.id, ids: [bag.id] })).status).toBe(400);
  });

  it('marks quality in bulk: unqualified needs one of the space’s failure labels; labels are added and taken away', async () => {
    const reason = unique();
    expect((await api.post('/console/label/create', { name: reason, labelType: 'failure' }, { token: await api.token('demo', 'admin') })).status).toBe(200);
    const bags = [await bagWith({ labelList: ['keep', 'drop'] }), await bagWith({ labelList: [] })];
    const ids = bags.map((row) => row.id);
    const missing = await post('/data/lake/bag/mark-quality', { ids, qualityLabel: 'unqualified', qualitySubLabel: 'not-a-label' });
    expect(missing.status).toBe(400);
    expect(missing.body.data).toMatchObject({ field: 'qualitySubLabel' });
    const marked = await post('/data/lake/bag/mark-quality', {
      ids,
      qualityLabel: 'unqualified',
      qualitySubLabel: reason,
      addLabels: ['checked'],
      removeLabels: ['drop'],
    });
    expect(marked.body.data).toEqual({ changed: 2, unchanged: 0 });
    const first = (await get('/data/bag/get', { id: String(ids[0]) })).data;
    expect(first).toMatchObject({ qualityLabel: 'unqualified', qualitySubLabel: reason, labelList: ['keep', 'checked'] });
    const again = await post('/data/lake/bag/mark-quality', {
      ids,
      qualityLabel: 'unqualified',
      qualitySubLabel: reason,
      addLabels: ['checked'],
      removeLabels: ['drop'],
    });
    expect(again.body.data).toEqual({ changed: 0, unchanged: 2 });
  });
});

describe('collection and logic datasets', () => {
  it('a collection dataset gathers its plan’s bags now and as they arrive', async () => {
    const plan = unique();
    const before = await bagWith({ dcPlanId: plan });
    const gathered = await dataset({ datasetType: 'dc', dcPlanId: plan });
    expect(gathered.rawDataCount).toBe(1);
    const later = await bagWith({ dcPlanId: plan });
    expect((await datasetOf(gathered.id)).rawDataCount).toBe(2);
    const items = (await get('/data/dataset-item/query', { datasetId: String(gathered.id) })).data.records.map((row: { bagId: number }) => row.bagId);
    expect(items.sort()).toEqual([before.id, later.id].sort());
    expect((await post('/data/dataset/create', { name: unique(), owner: 'rd', datasetType: 'dc' })).status).toBe(400);
  });

  it('a logic dataset counts what its filter matches, refuses a bad filter, and its version is the filter’s result then', async () => {
    const scene = unique();
    await bagWith({ sceneName: scene, qualityLabel: 'qualified' });
    await bagWith({ sceneName: scene, qualityLabel: 'unchecked' });
    const logic = await dataset({ datasetType: 'logic', filter: JSON.stringify({ sceneName: scene, qualityLabel: 'qualified' }) });
    expect(logic.rawDataCount).toBe(1);
    expect((await post('/data/dataset/create', { name: unique(), owner: 'rd', datasetType: 'logic', filter: '{"nope": 1}' })).status).toBe(400);
    const v1 = (await publish(logic.id, '1.0.0')).body.data;
    expect(v1.bagCount).toBe(1);
    await bagWith({ sceneName: scene, qualityLabel: 'qualified' });
    const v2 = (await publish(logic.id, '1.1.0')).body.data;
    expect(v2).toMatchObject({ bagCount: 2, parentId: v1.id });
    expect((await get('/data/version-member/query', { versionId: String(v1.id) })).data.total).toBe(1);
  });
});

describe('versions that never change', () => {
  it('publishing freezes the members with their figures and a content hash anyone can recompute', async () => {
    const bags = [await bagWith({ bagDuration: 40, labelList: ['b', 'a'] }), await bagWith({ bagDuration: 60, qualityLabel: 'qualified' })];
    const source = await dataset({});
    await post('/data/dataset-item/create', { datasetId: source.id, bagId: bags[0]!.id, clipStart: 5, clipEnd: 15 });
    await post('/data/dataset-item/create', { datasetId: source.id, bagId: bags[1]!.id });
    const published = await publish(source.id, '1.0.0');
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const version = published.body.data;
    expect(version).toMatchObject({ version: '1.0.0', bagCount: 2, totalDuration: 10 + 60, parentId: null });
    // The hash as the manifest's reader would recompute it: each member's MD5, clip, quality, sub label and sorted
    // labels, tab-separated; the lines sorted by code point and joined by newlines; SHA-256 in hex.
    const line = (bag: Record<string, unknown>, clip: [number, number] | null) =>
      [
        bag.bagDigest ?? '',
        clip?.[0] ?? '',
        clip?.[1] ?? '',
        bag.qualityLabel ?? '',
        bag.qualitySubLabel ?? '',
        [...(bag.labelList as string[])].sort().join(','),
      ].join('\t');
    const lines = [line(bags[0]!, [5, 15]), line(bags[1]!, null)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const expected = createHash('sha256').update(lines.join('\n')).digest('hex');
    expect(version.contentHash).toBe(expected);

    // A later relabel of a bag leaves the version as it was.
    const live = (await get('/data/bag/get', { id: String(bags[0]!.id) })).data;
    await post('/data/bag/update', { id: live.id, updatedTime: live.updatedTime, labelList: ['c'] });
    const members = (await get('/data/version-member/query', { versionId: String(version.id), bagId: String(bags[0]!.id) })).data.records;
    expect(members[0]).toMatchObject({ labelList: ['b', 'a'], clipStart: 5, clipEnd: 15 });
  });

  it('refuses a duplicate version with the spec’s message, a name that is not x.y.z, an empty dataset and any change', async () => {
    const source = await dataset({});
    const bag = await bagWith({});
    await post('/data/dataset-item/create', { datasetId: source.id, bagId: bag.id });
    const first = (await publish(source.id, '2.0.0')).body.data;
    const duplicate = await publish(source.id, '2.0.0');
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({
      message: { en_US: expect.stringContaining('Duplicate dataset versions are not allowed') },
      data: { field: 'version' },
    });
    expect((await publish(source.id, 'v2.0')).status).toBe(400);
    expect((await publish((await dataset({})).id, '1.0.0')).status).toBe(400);
    const edit = await post('/data/dataset-version/update', { id: first.id, updatedTime: first.updatedTime, description: 'changed' });
    expect(edit.status).toBe(403);
    expect((await get('/data/dataset-version/query', { datasetId: String(source.id) })).data.total).toBe(1);
  });

  it('the same content has the same hash whatever the order members joined; the diff tells added, removed and relabelled', async () => {
    const bags = [await bagWith({}), await bagWith({}), await bagWith({})];
    const [a, b] = [await dataset({}), await dataset({})];
    for (const row of bags) await post('/data/dataset-item/create', { datasetId: a.id, bagId: row.id });
    for (const row of [...bags].reverse()) await post('/data/dataset-item/create', { datasetId: b.id, bagId: row.id });
    const [va, vb] = [(await publish(a.id, '1.0.0')).body.data, (await publish(b.id, '1.0.0')).body.data];
    expect(va.contentHash).toBe(vb.contentHash);

    const item = (await get('/data/dataset-item/query', { datasetId: String(a.id), bagId: String(bags[0]!.id) })).data.records[0];
    await post('/data/dataset-item/delete', { ids: [item.id] });
    const added = await bagWith({});
    await post('/data/dataset-item/create', { datasetId: a.id, bagId: added.id });
    await post('/data/lake/bag/mark-quality', { ids: [bags[1]!.id], qualityLabel: 'qualified' });
    const next = (await publish(a.id, '1.1.0')).body.data;
    const diff = await get('/data/lake/dataset-version/diff', { from: String(va.id), to: String(next.id) });
    expect(diff.data).toMatchObject({ added: 1, removed: 1, changed: 1, total: 3, sameContent: false });
    const relabelled = diff.data.records.find((row: { kind: string }) => row.kind === 'changed');
    expect(relabelled).toMatchObject({ bagId: bags[1]!.id, after: { qualityLabel: 'qualified' } });
    expect((await api.get('/data/lake/dataset-version/diff', { ...as(), query: { from: String(va.id), to: String(vb.id) } })).status).toBe(400);
  });

  it('downloads a manifest of every member, and is deleted only while nothing points at it', async () => {
    const bag = await bagWith({ bagDigest: 'ab'.repeat(16) });
    const source = await dataset({});
    await post('/data/dataset-item/create', { datasetId: source.id, bagId: bag.id });
    const v1 = (await publish(source.id, '1.0.0')).body.data;
    const v2 = (await publish(source.id, '1.0.1')).body.data;
    expect(v2.contentHash).toBe(v1.contentHash);
    const manifest = await api.get('/data/lake/dataset-version/manifest', { ...as(), query: { id: String(v1.id) } });
    const parsed = typeof manifest.body === 'string' ? JSON.parse(manifest.body) : manifest.body;
    expect(parsed).toMatchObject({ version: '1.0.0', contentHash: v1.contentHash, members: [{ bagId: bag.id, md5: 'ab'.repeat(16) }] });

    const inUse = await post('/data/dataset-version/delete', { ids: [v1.id] });
    expect(inUse.status).toBe(409); // 1.0.1 names it as its parent
    expect((await post('/data/dataset/delete', { ids: [source.id] })).status).toBe(409);
    expect((await post('/data/dataset-version/delete', { ids: [v2.id] })).status).toBe(200);
    expect((await post('/data/dataset-version/delete', { ids: [v1.id] })).status).toBe(200);
    expect((await get('/data/version-member/query', { versionId: String(v1.id) })).data.total).toBe(0);
  });
});

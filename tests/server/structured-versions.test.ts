import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { structuredData } from '../../model/schemas/structured-data';
import { systemActor } from '../../server/engine/actor';
import { subjectOf } from '../../server/modules/runs/subject-env';
import { createSample, resourceOf } from './helpers/entities';
import { SEED_PASSWORD, useTestApp } from './helpers/test-app';

/**
 * Structured datasets publish versions as datasets do (frozen data with their files' SHA-256s, a
 * content hash, no version twice), and an evaluation picks its items by a filter over the structured
 * data of a dataset or of one of its versions: counted by the server, 1 to 2000 (spec §5), and
 * exactly what its run is handed in items.json.
 */
const { t, api } = useTestApp();
const DATA = '/evaluation/structured-data';
const VERSIONS = '/evaluation/structured-dataset-version';
const MEMBERS = '/evaluation/structured-version-member';
const RECORDS = '/evaluation/evaluation-record';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let rd: string;
let tenantId: number;
let modelCardId: number;
beforeAll(async () => {
  rd = await api.token('demo', 'rd', SEED_PASSWORD);
  tenantId = (await t.database.db.selectFrom('tenants').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()).id;
  modelCardId = (await createSample(api, resourceOf('model-card'), rd)).id;
});

type Datum = { robotSn: string; leftArmSn?: string; rightArmSn?: string; version?: string; structureType?: string };
let made = 0;

/** A structured dataset of these data (by the system, each on a bag of its own unless named), its id and its data's ids in order. */
async function datasetOf(data: Datum[], bagIds?: number[]) {
  const set = await createSample(api, resourceOf('structured-dataset'), rd);
  const bags = bagIds ?? [];
  for (let i = bags.length; i < data.length; i += 1) bags.push((await createSample(api, resourceOf('bag'), rd)).id);
  const records = await t.records.createMany(
    systemActor(tenantId),
    structuredData,
    data.map((datum, i) => ({
      bagId: bags[i],
      structuredDatasetId: set.id,
      structureType: datum.structureType ?? 'lerobot',
      version: datum.version ?? `v${(made += 1)}`,
      robotSn: datum.robotSn,
      leftArmSn: datum.leftArmSn ?? '',
      rightArmSn: datum.rightArmSn ?? '',
    })),
  );
  return { id: Number(set.id), ids: records.map((record) => Number(record.id)), bags };
}

const upload = (id: number, name: string, text: string, replace = false) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1${DATA}/${id}/files/${name}${replace ? `?replace=${name}` : ''}`,
    headers: { authorization: `Bearer ${rd}`, 'content-type': 'application/octet-stream' },
    payload: Buffer.from(text),
  });

const publish = (structuredDatasetId: number, version: string) =>
  api.post(`${VERSIONS}/create`, { structuredDatasetId, version, description: '' }, { token: rd });
const evaluation = (body: Record<string, unknown>) => api.post(`${RECORDS}/create`, { name: `eval-${(made += 1)}`, modelCardId, ...body }, { token: rd });
const totalOf = async (path: string, query: Record<string, string> = {}) => (await api.get(`${path}/query`, { token: rd, query })).body.data.total as number;

/** What the record's run is handed: items.json, parsed. */
async function itemsOf(recordId: number) {
  const subject = await subjectOf(t.database.db, { evaluationRecord: recordId }, t.records.storage);
  return { env: subject.env, items: JSON.parse(subject.files['items.json']!) as { id: number; robotSn: string; files: { name: string; sha256: string }[] }[] };
}

describe('a structured dataset’s versions', () => {
  it('freeze its data with their files’ SHA-256s, under a content hash that only the content moves', async () => {
    const one: Datum = { robotSn: 'R-1', version: 'h-1' };
    const two: Datum = { robotSn: 'R-2', leftArmSn: 'L', rightArmSn: 'R', version: 'h-2' };
    const set = await datasetOf([one, two]);
    expect((await upload(set.ids[0]!, 'episode.parquet', 'first bytes')).statusCode).toBe(200);
    expect((await upload(set.ids[1]!, 'features.json', '{"a":1}')).statusCode).toBe(200);
    const first = await publish(set.id, '1.0.0');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ dataCount: 2, fileCount: 2, totalSize: 'first bytes'.length + '{"a":1}'.length });
    expect(first.body.data.contentHash).toMatch(/^[0-9a-f]{64}$/);

    // Nothing changed: the same hash under another name.
    const again = await publish(set.id, '1.1.0');
    expect(again.body.data.contentHash).toBe(first.body.data.contentHash);

    // The same data and files (on bags of their own), joined in the other order, in another dataset: the same hash too.
    const twin = await datasetOf([two, one]);
    expect((await upload(twin.ids[1]!, 'episode.parquet', 'first bytes')).statusCode).toBe(200);
    expect((await upload(twin.ids[0]!, 'features.json', '{"a":1}')).statusCode).toBe(200);
    expect((await publish(twin.id, '1.0.0')).body.data.contentHash).toBe(first.body.data.contentHash);

    // A file replaced under its first name moves the hash of the next version, never the published one.
    expect((await upload(set.ids[0]!, 'episode.parquet', 'second bytes', true)).statusCode).toBe(200);
    const changed = await publish(set.id, '1.2.0');
    expect(changed.body.data.contentHash).not.toBe(first.body.data.contentHash);
    const stillFirst = await api.get(`${VERSIONS}/get`, { token: rd, query: { id: String(first.body.data.id) } });
    expect(stillFirst.body.data).toMatchObject({ contentHash: first.body.data.contentHash, dataCount: 2, fileCount: 2 });
  });

  it('keep their members as published: data joining or files replaced later change nothing of them; the version’s page lists them', async () => {
    const set = await datasetOf([{ robotSn: 'K-1' }, { robotSn: 'K-2' }]);
    await upload(set.ids[0]!, 'episode.parquet', 'published bytes');
    const version = (await publish(set.id, '1.0.0')).body.data;
    const membersOf = async () =>
      (await api.get(`${MEMBERS}/query`, { token: rd, query: { versionId: String(version.id), pageSize: '100' } })).body.data.records as Record<
        string,
        unknown
      >[];
    const before = await membersOf();
    expect(before.map((member) => member.structuredDataId)).toEqual(set.ids);
    expect(JSON.parse(String(before[0]!.files))).toEqual([{ name: 'episode.parquet', size: 15, sha256: sha256('published bytes') }]);

    // Later: a file replaced, another added, a datum joining the dataset.
    await upload(set.ids[0]!, 'episode.parquet', 'replaced bytes!', true);
    await upload(set.ids[1]!, 'extra.json', '{}');
    await t.records.create(systemActor(tenantId), structuredData, {
      bagId: set.bags[0],
      structuredDatasetId: set.id,
      structureType: 'hdf5',
      version: 'late',
      robotSn: 'K-3',
    });
    expect(await totalOf(DATA, { structuredDatasetId: String(set.id) })).toBe(3);
    const after = await membersOf();
    expect(after).toEqual(before);
    expect((await api.get(`${VERSIONS}/get`, { token: rd, query: { id: String(version.id) } })).body.data).toMatchObject({
      dataCount: 2,
      fileCount: 1,
      contentHash: version.contentHash,
    });
    // The dataset's page lists its versions.
    const listed = await api.get(`${VERSIONS}/query`, { token: rd, query: { structuredDatasetId: String(set.id) } });
    expect(listed.body.data.records.map((row: { id: number }) => row.id)).toEqual([version.id]);
  });

  it('are named once per dataset (spec §5, 409 in both languages as a dataset’s, nothing written), never changed, never of an empty dataset', async () => {
    const set = await datasetOf([{ robotSn: 'D-1' }]);
    const version = (await publish(set.id, '2.0.0')).body.data;
    const count = await totalOf(VERSIONS);
    const duplicate = await publish(set.id, '2.0.0');
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({
      message: { zh_CN: '数据集版本不允许重复：2.0.0 已存在', en_US: 'Duplicate dataset versions are not allowed: 2.0.0 already exists' },
      data: { field: 'version' },
    });
    expect(await totalOf(VERSIONS)).toBe(count);
    // The same name in another dataset is its own.
    expect((await publish((await datasetOf([{ robotSn: 'D-2' }])).id, '2.0.0')).status).toBe(200);

    const update = await api.post(`${VERSIONS}/update`, { id: version.id, updatedTime: version.updatedTime, description: 'x' }, { token: rd });
    expect(update.status).toBe(403);
    const empty = await publish((await createSample(api, resourceOf('structured-dataset'), rd)).id, '1.0.0');
    expect(empty.status).toBe(400);
    expect(empty.body.message.zh_CN).toBe('结构化数据集没有可发布的数据');
    expect(await totalOf(VERSIONS)).toBe(count + 1);

    // Named by an evaluation, a version stays, and so does its dataset.
    const named = (await evaluation({ structuredDatasetId: set.id, structuredDatasetVersionId: version.id })).body.data;
    expect((await api.post(`${VERSIONS}/delete`, { ids: [version.id] }, { token: rd })).status).toBe(409);
    expect((await api.post('/evaluation/structured-dataset/delete', { ids: [set.id] }, { token: rd })).status).toBe(409);
    expect((await api.post(`${RECORDS}/delete`, { ids: [named.id] }, { token: rd })).status).toBe(200);
    expect((await api.post(`${VERSIONS}/delete`, { ids: [version.id] }, { token: rd })).status).toBe(200);
    expect(await totalOf(MEMBERS, { versionId: String(version.id) })).toBe(0);
  });
});

describe('an evaluation’s items (spec §5: 1 to 2000 filtered data)', () => {
  it('are the structured data its filter picks, counted by the server, and exactly what its run is handed', async () => {
    const set = await datasetOf([
      { robotSn: 'A', leftArmSn: 'L1', rightArmSn: 'R1', version: 'f-1' },
      { robotSn: 'B', version: 'f-2' },
      { robotSn: 'A', leftArmSn: 'L1', rightArmSn: 'R2', version: 'f-3', structureType: 'hdf5' },
      { robotSn: 'A', leftArmSn: 'L1', rightArmSn: 'R1', version: 'f-4' },
    ]);
    await upload(set.ids[0]!, 'episode.parquet', 'item bytes');

    // The count is the server's, whatever is typed.
    const all = await evaluation({ structuredDatasetId: set.id, filteredDataCount: 99 });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.data).toMatchObject({ filteredDataCount: 4, dataFilter: '{}' });
    expect((await itemsOf(all.body.data.id)).items.map((item) => item.id)).toEqual(set.ids);

    const cases: [Record<string, string | string[]>, number[]][] = [
      [{ robotSn: 'A' }, [0, 2, 3]],
      [{ robotSn: 'A', rightArmSn: 'R1' }, [0, 3]],
      [{ leftArmSn: 'L1', structureType: 'hdf5' }, [2]],
      [{ structureType: ['lerobot'] }, [0, 1, 3]],
      [{ version: 'f-2' }, [1]],
      [{ bagId: String(set.bags[3]) }, [3]],
    ];
    for (const [filter, picked] of cases) {
      const reply = await evaluation({ structuredDatasetId: set.id, dataFilter: JSON.stringify(filter) });
      expect(reply.status, JSON.stringify([filter, reply.body])).toBe(200);
      expect(reply.body.data.filteredDataCount, JSON.stringify(filter)).toBe(picked.length);
      const { env, items } = await itemsOf(reply.body.data.id);
      expect(
        items.map((item) => item.id),
        JSON.stringify(filter),
      ).toEqual(picked.map((index) => set.ids[index]));
      expect(env).toMatchObject({ EDP_FILTERED_DATA_COUNT: String(picked.length), EDP_ITEM_COUNT: String(picked.length) });
      expect(JSON.parse(env.EDP_DATA_FILTER!)).toEqual(filter);
    }
    const first = (await itemsOf(all.body.data.id)).items[0]!;
    expect(first).toMatchObject({ robotSn: 'A', leftArmSn: 'L1', rightArmSn: 'R1', files: [{ name: 'episode.parquet', sha256: sha256('item bytes') }] });

    // Data joining later are not its items: a rerun tries the same ones.
    await t.records.create(systemActor(tenantId), structuredData, {
      bagId: set.bags[0],
      structuredDatasetId: set.id,
      structureType: 'zarr',
      version: 'f-late',
      robotSn: 'A',
    });
    expect((await itemsOf(all.body.data.id)).items.map((item) => item.id)).toEqual(set.ids);
  });

  it('of a version are its frozen members, as they were published', async () => {
    const set = await datasetOf([{ robotSn: 'V-A' }, { robotSn: 'V-B' }, { robotSn: 'V-A' }]);
    await upload(set.ids[0]!, 'episode.parquet', 'as published');
    const version = (await publish(set.id, '1.0.0')).body.data;
    await upload(set.ids[0]!, 'episode.parquet', 'replaced later', true);
    await t.records.create(systemActor(tenantId), structuredData, {
      bagId: set.bags[1],
      structuredDatasetId: set.id,
      structureType: 'zarr',
      version: 'after',
      robotSn: 'V-A',
    });
    const live = await evaluation({ structuredDatasetId: set.id, dataFilter: '{"robotSn":"V-A"}' });
    expect(live.body.data.filteredDataCount).toBe(3);
    const frozen = await evaluation({ structuredDatasetId: set.id, structuredDatasetVersionId: version.id, dataFilter: '{"robotSn":"V-A"}' });
    expect(frozen.status, JSON.stringify(frozen.body)).toBe(200);
    expect(frozen.body.data).toMatchObject({ filteredDataCount: 2, structuredDatasetVersionId: version.id });
    const { env, items } = await itemsOf(frozen.body.data.id);
    expect(items.map((item) => item.id)).toEqual([set.ids[0], set.ids[2]]);
    expect(items[0]!.files).toEqual([{ name: 'episode.parquet', size: 12, sha256: sha256('as published') }]);
    expect(env.EDP_STRUCTURED_DATASET_VERSION_ID).toBe(String(version.id));

    // A version of another dataset is refused.
    const other = await datasetOf([{ robotSn: 'V-C' }]);
    const mismatched = await evaluation({ structuredDatasetId: other.id, structuredDatasetVersionId: version.id });
    expect(mismatched.status).toBe(400);
    expect(mismatched.body).toMatchObject({ message: { zh_CN: '所选版本须为所选结构化数据集的版本' }, data: { field: 'structuredDatasetVersionId' } });
  });

  it('refuses a filter matching none or more than 2000 (400, both languages, nothing written), and takes 1 and 2000 exactly', async () => {
    const data = Array.from({ length: 2001 }, (_, i): Datum => (i < 2000 ? { robotSn: 'MANY' } : { robotSn: 'LAST', structureType: 'hdf5' }));
    const bag = (await createSample(api, resourceOf('bag'), rd)).id;
    const set = await datasetOf(
      data,
      data.map(() => bag),
    );
    const before = await totalOf(RECORDS);
    const refusals: [string, number][] = [
      ['{"robotSn":"NOBODY"}', 0],
      ['{}', 2001],
      ['{"structureType":"lerobot,hdf5"}', 2001],
    ];
    for (const [dataFilter, count] of refusals) {
      const reply = await evaluation({ structuredDatasetId: set.id, dataFilter });
      expect(reply.status, dataFilter).toBe(400);
      expect(reply.body).toMatchObject({
        message: {
          zh_CN: `每个数据集用于评测的筛选数据须为 1 到 2000 条，当前筛选出 ${count} 条`,
          en_US: `Filtered data per dataset for evaluation must be 1 to 2000; this filter matches ${count}`,
        },
        data: { field: 'dataFilter' },
      });
    }
    expect(await totalOf(RECORDS)).toBe(before);
    expect((await evaluation({ structuredDatasetId: set.id, dataFilter: '{"robotSn":"LAST"}' })).body.data.filteredDataCount).toBe(1);
    const most = await evaluation({ structuredDatasetId: set.id, dataFilter: '{"structureType":"lerobot"}' });
    expect(most.body.data.filteredDataCount).toBe(2000);
    const { items } = await itemsOf(most.body.data.id);
    expect(items).toHaveLength(2000);
    expect(items.every((item) => item.robotSn === 'MANY')).toBe(true);
  });

  it('refuses a filter of keys the structured data list does not take, or naming the dataset itself', async () => {
    const set = await datasetOf([{ robotSn: 'K' }]);
    for (const dataFilter of ['{"colour":"red"}', `{"structuredDatasetId":"${set.id}"}`, '[]', '{"robotSn":1}', '{"bagId":"not a number"}']) {
      const reply = await evaluation({ structuredDatasetId: set.id, dataFilter });
      expect(reply.status, dataFilter).toBe(400);
      expect(Object.keys(reply.body.message).sort(), dataFilter).toEqual(['en_US', 'zh_CN']);
    }
    const named = await evaluation({ structuredDatasetId: set.id, dataFilter: '{"colour":"red"}' });
    expect(named.body.message.zh_CN).toBe('数据筛选须为结构化数据列表筛选项组成的 JSON 对象（机器人序列号、左右臂序列号、结构类型、版本、原始数据）');
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { bag } from '../../model/schemas/bag';
import { sampleInput } from '../../model/schemas/engine/sample';
import { systemActor } from '../../server/engine/actor';
import { mcapBuffer, plannedMessages } from './recordings/helpers/mcap-files';
import { md5Hex, runJobs, uploadClient } from './helpers/uploads';
import { useTestApp } from './helpers/test-app';

/** A bag's file comes back out, byte for byte, through a link that expires (spec §9) and counts against the download quota. */
const { t, api } = useTestApp();
let rd: string;
let recording: Uint8Array;
let bagId: number;
let objectKey: string;

beforeAll(async () => {
  rd = await api.token('demo', 'rd');
  recording = await mcapBuffer(plannedMessages(), { useChunks: true });
  const client = uploadClient(t, rd);
  const { upload } = (await client.start('download-me.mcap', recording)).body.data;
  await client.parts(upload, recording);
  await client.complete(upload.uploadId);
  await runJobs(t);
  ({ bag: bagId, objectKey } = (await client.status(upload.uploadId)).body.data.upload);
});

const linkFor = (token: string, id: number) => api.get('/data/lake/bag/download-url', { token, query: { id: String(id) } });
const fetchLink = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const quotaUsed = async (token: string) => (await api.get('/console/space/quota', { token })).body.data.downloads.used;

describe('a download link', () => {
  it('serves the file byte for byte, with ranges, and counts it against the month’s downloads', async () => {
    const before = await quotaUsed(rd);
    const link = await linkFor(rd, bagId);
    expect(link.status).toBe(200);
    expect(link.body.data).toMatchObject({ fileName: 'download-me.mcap', size: recording.length });
    expect(Date.parse(link.body.data.expiresTime) - t.clock().getTime()).toBe(7 * 24 * 3600 * 1000);
    expect(await quotaUsed(rd)).toBe(before + recording.length);

    const whole = await fetchLink(link.body.data.url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-disposition']).toContain('download-me.mcap');
    expect(md5Hex(whole.rawPayload)).toBe(md5Hex(recording));
    const part = await fetchLink(link.body.data.url, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(Buffer.compare(part.rawPayload, Buffer.from(recording.subarray(100, 200)))).toBe(0);
  });

  it('expires after 7 days and refuses a tampered link', async () => {
    const { url } = (await linkFor(rd, bagId)).body.data;
    expect((await fetchLink(url.replace('download-me', 'download-you'))).statusCode).toBe(403);
    t.clock.advance(7 * 24 * 3600 * 1000 + 1000);
    expect((await fetchLink(url)).statusCode).toBe(403);
  });

  it('is refused past the download quota (413, both languages), and for a bag whose file is not stored', async () => {
    rd = await api.token('demo', 'rd'); // the clock went on a week
    const db = t.database.db;
    const demo = await db.selectFrom('tenants').select(['id', 'rawDataDownloadQuota']).where('code', '=', 'demo').executeTakeFirstOrThrow();
    try {
      await db
        .updateTable('tenants')
        .set({ rawDataDownloadQuota: (await quotaUsed(rd)) + recording.length - 1 })
        .where('id', '=', demo.id)
        .execute();
      const refused = await linkFor(rd, bagId);
      expect(refused.status).toBe(413);
      expect(refused.body.message).toEqual({
        en_US: "The space's raw-data download quota for this month would be exceeded",
        zh_CN: '将超出空间本月的原始数据下载配额',
      });
    } finally {
      await db.updateTable('tenants').set({ rawDataDownloadQuota: demo.rawDataDownloadQuota }).where('id', '=', demo.id).execute();
    }
    // A bag typed in before uploads existed names a path no store holds.
    const typedIn = await t.records.create(systemActor(demo.id), bag, { ...sampleInput(bag, 1), bagOssPath: 'oss://edp-raw/elsewhere.mcap' });
    const unavailable = await linkFor(rd, typedIn.id);
    expect(unavailable.status).toBe(400);
    expect(unavailable.body.message.zh_CN).toBe('下载不可用：该数据的文件未存储');
  });

  it("is another space's bag: not found; a member who may not read bags: forbidden", async () => {
    expect((await linkFor(await api.token('platform', 'admin'), bagId)).status).toBe(404);
    expect((await linkFor(await api.token('demo', 'operator'), bagId)).status).toBe(403);
  });
});

describe('several bags at once', () => {
  it('gives the links it can and says why not for the rest (partial success)', async () => {
    rd = await api.token('demo', 'rd');
    const demo = await t.database.db.selectFrom('tenants').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow();
    const typedIn = await t.records.create(systemActor(demo.id), bag, {
      ...sampleInput(bag, 2),
      bagName: 'typed-in.bag',
      bagOssPath: 'oss://edp-raw/typed-in.bag',
    });
    const answer = await api.post('/data/lake/bag/download-links', { ids: [bagId, typedIn.id, 999_999] }, { token: rd });
    expect(answer.status).toBe(200);
    expect(answer.body.data.links).toMatchObject([{ id: bagId, fileName: 'download-me.mcap', size: recording.length }]);
    expect(answer.body.data.failures).toEqual([
      {
        id: typedIn.id,
        fileName: 'typed-in.bag',
        reason: { zh_CN: '下载不可用：该数据的文件未存储', en_US: 'Downloads are unavailable for this data: its file is not stored' },
      },
      { id: 999_999, fileName: '', reason: { zh_CN: expect.any(String), en_US: 'Not found' } },
    ]);
  });

  it('writes raw_data_meta.json: each bag as listed, with its topics, without its storage path', async () => {
    const meta = (await api.post('/data/lake/bag/meta', { ids: [bagId] }, { token: rd })).body.data;
    expect(meta.generatedTime).toBe(t.clock().toISOString());
    expect(meta.bags).toHaveLength(1);
    expect(meta.bags[0]).toMatchObject({ id: bagId, bagName: 'download-me.mcap', bagDigest: md5Hex(recording), robotSn: 'SN-UP-01' });
    expect(meta.bags[0].topics.map((topic: { topic: string }) => topic.topic)).toEqual(['/camera', '/imu', '/log']);
    expect(meta.bags[0]).not.toHaveProperty('bagOssPath');
  });
});

describe('deleting a bag', () => {
  it('removes its file once the delete has committed', async () => {
    const admin = await api.token('demo', 'admin');
    expect(await t.storage.head(objectKey)).not.toBeNull();
    expect((await api.post('/data/bag/delete', { ids: [bagId] }, { token: admin })).status).toBe(200);
    expect(await t.storage.head(objectKey)).toBeNull();
  });
});

describe('an abandoned upload', () => {
  it('expires after a day without a part: its parts are removed', async () => {
    rd = await api.token('demo', 'rd');
    const client = uploadClient(t, rd);
    const bytes = recording.map((byte, index) => (index === 10 ? byte ^ 0xff : byte));
    const { upload } = (await client.start('abandoned.mcap', bytes)).body.data;
    t.clock.advance(23 * 3600 * 1000);
    await runJobs(t);
    expect((await uploadClient(t, await api.token('demo', 'rd')).status(upload.uploadId)).body.data.upload.status).toBe('PENDING');
    t.clock.advance(2 * 3600 * 1000);
    await runJobs(t);
    expect((await uploadClient(t, await api.token('demo', 'rd')).status(upload.uploadId)).body.data.upload).toMatchObject({
      status: 'FAILED',
      failure: 'expired',
    });
  });
});

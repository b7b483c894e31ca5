import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mcapBuffer, plannedMessages, T0 } from './recordings/helpers/mcap-files';
import { EXPECTED_BAG_TOPICS, outOfOrderBagMessages, rosbagForTests, T0_SEC, writeBag, writeBagWithoutMessages } from './recordings/helpers/rosbag-files';
import { MIB, md5Hex, runJobs, uploadClient } from './helpers/uploads';
import { useTestApp } from './helpers/test-app';

/** Recordings go up in parts, are checked and parsed in the background, and become bags. */
const { t, api } = useTestApp();
let rd: string;
let admin: string;
let recording: Uint8Array;

beforeAll(async () => {
  [rd, admin] = [await api.token('demo', 'rd'), await api.token('demo', 'admin')];
  // About 12 MiB: three parts of 5 MiB, the last shorter.
  recording = await mcapBuffer(
    plannedMessages().map((message) => (message.topic === '/imu' ? { ...message, size: 60_000 } : message)),
    { useChunks: true },
  );
});

const uploadsNamed = (fileName: string) =>
  t.database.db
    .selectFrom('file_uploads' as never)
    .selectAll()
    .where('fileName' as never, '=', fileName as never)
    .execute();
const bagsNamed = async (token: string, bagName: string) => (await api.get('/data/bag/query', { token, query: { bagName } })).body.data.records;

describe('an upload from start to bag', () => {
  it('takes the parts, checks the whole file and parses it into a bag with its times and topics', async () => {
    const client = uploadClient(t, rd);
    const started = await client.start('robot-run-01.mcap', recording);
    expect(started.status).toBe(200);
    const { upload } = started.body.data;
    expect(upload).toMatchObject({ status: 'PENDING', stage: 'uploading', partCount: 3, partSize: 5 * MIB, fileSize: recording.length, createdBy: 'rd' });
    await client.parts(upload, recording);
    const progress = (await client.status(upload.uploadId)).body.data;
    expect(progress.upload).toMatchObject({ uploadedPartCount: 3, uploadedSize: recording.length });
    expect(progress.parts.map((part: { partNumber: number }) => part.partNumber)).toEqual([1, 2, 3]);

    const completed = await client.complete(upload.uploadId);
    expect(completed.body.data.upload).toMatchObject({ status: 'PROCESSING', stage: 'waiting' });
    await runJobs(t);
    const done = (await client.status(upload.uploadId)).body.data.upload;
    expect(done).toMatchObject({ status: 'SUCCESS', stage: 'completed' });

    const [bag] = await bagsNamed(rd, 'robot-run-01.mcap');
    expect(bag).toMatchObject({
      id: done.bag,
      bagStatus: 'good',
      bagSize: recording.length,
      bagDigest: md5Hex(recording),
      bagStartTime: new Date(Number(T0 / 1_000_000n)).toISOString(),
      bagDuration: 2,
      robotSn: 'SN-UP-01',
      uploadType: 'manual',
      createdBy: 'rd',
    });
    const topics = JSON.parse((await api.get('/data/bag/get', { token: rd, query: { id: String(bag.id) } })).body.data.topics);
    expect(topics.map((topic: { topic: string; messageCount: number }) => [topic.topic, topic.messageCount])).toEqual([
      ['/camera', 21],
      ['/imu', 201],
      ['/log', 1],
    ]);
    // The space's upload records list it, live.
    const listed = (await api.get('/console/file-upload/query', { token: admin, query: { fileName: 'robot-run-01.mcap' } })).body.data.records;
    expect(listed).toMatchObject([{ status: 'SUCCESS', uploadedPartCount: 3 }]);
  });

  it('reports a file already in the space, naming its bag, and stores nothing', async () => {
    const again = await uploadClient(t, admin).start('renamed-copy.mcap', recording);
    expect(again.status).toBe(409);
    expect(again.body.message.en_US).toContain('robot-run-01.mcap');
    expect(await uploadsNamed('renamed-copy.mcap')).toEqual([]);
  });
});

describe.skipIf(!rosbagForTests())('a ROS1 .bag', () => {
  it('becomes a bag with its span (over all chunks) and topics', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'edp-bag-'));
    try {
      const file = path.join(dir, 'robot-run.bag');
      writeBag(file, 'lz4', outOfOrderBagMessages());
      const bytes = new Uint8Array(readFileSync(file));
      const client = uploadClient(t, rd);
      const { upload } = (await client.start('robot-run.bag', bytes)).body.data;
      await client.parts(upload, bytes);
      await client.complete(upload.uploadId);
      await runJobs(t);
      expect((await client.status(upload.uploadId)).body.data.upload).toMatchObject({ status: 'SUCCESS' });
      const [bag] = await bagsNamed(rd, 'robot-run.bag');
      expect(bag.bagStartTime).toBe(new Date(T0_SEC * 1000 + 123).toISOString()); // the earliest chunk's, though it was written third
      const topics = JSON.parse((await api.get('/data/bag/get', { token: rd, query: { id: String(bag.id) } })).body.data.topics);
      expect(topics).toEqual(EXPECTED_BAG_TOPICS);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a recording without messages', () => {
  /** Uploaded and parsed: the upload succeeds, and its bag lasts 0 s at the upload's start, its topics counted 0. */
  async function ingested(fileName: string, bytes: Uint8Array) {
    const client = uploadClient(t, rd);
    const { upload } = (await client.start(fileName, bytes)).body.data;
    await client.parts(upload, bytes);
    await client.complete(upload.uploadId);
    await runJobs(t);
    expect((await client.status(upload.uploadId)).body.data.upload).toMatchObject({ status: 'SUCCESS', stage: 'completed', failure: '' });
    const [bag] = await bagsNamed(rd, fileName);
    expect(bag).toMatchObject({ bagDuration: 0, bagStartTime: upload.createdTime, bagEndTime: upload.createdTime });
    const topics = JSON.parse((await api.get('/data/bag/get', { token: rd, query: { id: String(bag.id) } })).body.data.topics);
    return topics.map((topic: { topic: string; messageType: string; messageCount: number }) => [topic.topic, topic.messageType, topic.messageCount]);
  }

  it.skipIf(!rosbagForTests())('a ROS1 .bag with connections and no message data becomes a bag with its topics', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'edp-bag-'));
    try {
      const [quiet, empty] = [path.join(dir, 'quiet.bag'), path.join(dir, 'empty.bag')];
      writeBagWithoutMessages(quiet, [{ topic: '/imu', type: 'sensor_msgs/Imu' }]);
      writeBag(empty, 'none', []);
      expect(await ingested('quiet-run.bag', new Uint8Array(readFileSync(quiet)))).toEqual([['/imu', 'sensor_msgs/Imu', 0]]);
      expect(await ingested('empty-run.bag', new Uint8Array(readFileSync(empty)))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('an .mcap with channels and no messages becomes a bag with its topics', async () => {
    expect(await ingested('quiet-run.mcap', await mcapBuffer([], { useChunks: true }))).toEqual([
      ['/camera', 'foxglove.CompressedImage', 0],
      ['/imu', 'sensor_msgs/Imu', 0],
      ['/log', '', 0],
    ]);
  });
});

describe('the same file from two members at once', () => {
  it('is stored once: both uploads end at one bag', async () => {
    const bytes = await mcapBuffer(
      plannedMessages().map((message, index) => (index === 0 ? { ...message, size: message.size + 8 } : message)),
      { useChunks: true },
    );
    const [mine, theirs] = [uploadClient(t, rd), uploadClient(t, admin)];
    const first = (await mine.start('twice.mcap', bytes)).body.data.upload;
    const second = (await theirs.start('twice.mcap', bytes)).body.data.upload;
    await mine.parts(first, bytes);
    await theirs.parts(second, bytes);
    await mine.complete(first.uploadId);
    await theirs.complete(second.uploadId);
    await runJobs(t);
    const ended = [(await mine.status(first.uploadId)).body.data.upload, (await theirs.status(second.uploadId)).body.data.upload];
    expect(ended.map((upload) => [upload.status, upload.failure])).toEqual([
      ['SUCCESS', ''],
      ['SUCCESS', ''],
    ]);
    expect(ended[0].bag).toBe(ended[1].bag);
    expect(await bagsNamed(rd, 'twice.mcap')).toHaveLength(1);
    expect((await Promise.all(ended.map((upload) => t.storage.head(upload.objectKey)))).filter(Boolean)).toHaveLength(1);
  });
});

describe('the rules of an upload (spec §5), each with its message and nothing left behind', () => {
  it.each([
    ['notes.txt', new Uint8Array([1, 2, 3]), 'Only .mcap and .bag files can be uploaded', '只能上传 .mcap 或 .bag 文件'],
    ['empty.bag', new Uint8Array(), 'An empty file cannot be uploaded', '不能上传空文件'],
  ])('refuses %s', async (fileName, bytes, en, zh) => {
    const refused = await uploadClient(t, rd).start(fileName, bytes);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toEqual({ en_US: en, zh_CN: zh });
    expect(await uploadsNamed(fileName)).toEqual([]);
  });

  it('resumes the same file from the parts held, and holds it to its original name', async () => {
    const bytes = recording.map((byte, index) => (index === 100 ? byte ^ 0xff : byte)); // another file, alike in size
    const client = uploadClient(t, rd);
    const first = (await client.start('resumed.mcap', bytes)).body.data.upload;
    expect((await client.part(first.uploadId, 1, bytes.subarray(0, 5 * MIB))).status).toBe(200);
    // The connection dropped; the page is opened again and the same file chosen.
    const mismatch = await client.start('other-name.mcap', bytes);
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toEqual({ en_US: 'The file name must match the original: resumed.mcap', zh_CN: '文件名称须与原始文件一致：resumed.mcap' });
    const resumed = (await client.start('resumed.mcap', bytes)).body.data;
    expect(resumed.upload.uploadId).toBe(first.uploadId);
    expect(resumed.parts).toEqual([{ partNumber: 1, size: 5 * MIB }]);
    await client.parts(resumed.upload, bytes, [1]);
    expect((await client.complete(first.uploadId)).status).toBe(200);
    // Received and waiting for its check: the same file started again follows that upload, and no second one is made.
    const received = (await client.start('resumed.mcap', bytes)).body.data;
    expect(received.upload).toMatchObject({ uploadId: first.uploadId, status: 'PROCESSING' });
    expect(await uploadsNamed('resumed.mcap')).toHaveLength(1);
  });

  it('refuses a damaged part (its checksum or size), keeps none of it, and takes it again', async () => {
    const client = uploadClient(t, rd);
    const bytes = recording.map((byte, index) => (index === 200 ? byte ^ 0xff : byte));
    const { upload } = (await client.start('damaged.mcap', bytes)).body.data;
    const first = bytes.subarray(0, 5 * MIB);
    const wrongSum = await client.part(upload.uploadId, 1, first, Buffer.alloc(16).toString('base64'));
    expect(wrongSum.status).toBe(400);
    expect(wrongSum.body.message.en_US).toContain('Part 1 arrived damaged');
    expect((await client.part(upload.uploadId, 1, first.subarray(0, MIB))).status).toBe(400);
    expect((await client.status(upload.uploadId)).body.data.parts).toEqual([]);
    const missing = await client.complete(upload.uploadId);
    expect(missing.status).toBe(400);
    expect(missing.body.message.en_US).toBe('3 parts have not been uploaded yet');
    expect((await client.part(upload.uploadId, 1, first)).status).toBe(200);
  });

  it('fails a file whose whole MD5 is not the announced one, and keeps nothing', async () => {
    const client = uploadClient(t, rd);
    const bytes = recording.map((byte, index) => (index === 300 ? byte ^ 0xff : byte));
    const { upload } = (await client.start('lying.mcap', bytes, { md5: md5Hex(recording.subarray(1)) })).body.data;
    await client.parts(upload, bytes);
    expect((await client.complete(upload.uploadId)).status).toBe(200);
    await runJobs(t);
    expect((await client.status(upload.uploadId)).body.data.upload).toMatchObject({ status: 'FAILED', failure: 'md5' });
    expect(await t.storage.head(upload.objectKey)).toBeNull();
    expect(await bagsNamed(rd, 'lying.mcap')).toEqual([]);
  });

  it('fails a file that is not a recording: kept aside, never listed as data', async () => {
    const client = uploadClient(t, rd);
    const bytes = new TextEncoder().encode('this is not an mcap file at all'.repeat(10));
    const { upload } = (await client.start('garbage.mcap', bytes)).body.data;
    await client.parts(upload, bytes);
    await client.complete(upload.uploadId);
    await runJobs(t);
    expect((await client.status(upload.uploadId)).body.data.upload).toMatchObject({ status: 'FAILED', failure: 'parse' });
    expect(await bagsNamed(rd, 'garbage.mcap')).toEqual([]);
    expect(await t.storage.head(upload.objectKey)).not.toBeNull();
  });

  it('tells the uploader when its file could not be processed, once the retries are spent', async () => {
    const client = uploadClient(t, rd);
    const bytes = recording.map((byte, index) => (index === 700 ? byte ^ 0xff : byte));
    const { upload } = (await client.start('vanished.mcap', bytes)).body.data;
    await client.parts(upload, bytes);
    await client.complete(upload.uploadId);
    await t.storage.delete(upload.objectKey); // the store lost it
    for (let attempt = 1; attempt <= 5; attempt++) {
      await expect(runJobs(t)).rejects.toThrow();
      expect((await client.status(upload.uploadId)).body.data.upload.status).toBe(attempt < 5 ? 'PROCESSING' : 'FAILED');
      t.clock.advance(3_600_000); // past the backoff
      rd = await api.token('demo', 'rd');
    }
    expect((await uploadClient(t, rd).status(upload.uploadId)).body.data.upload).toMatchObject({ status: 'FAILED', failure: 'error' });
  });

  it('frees the parts of a cancelled upload', async () => {
    const client = uploadClient(t, rd);
    const bytes = recording.map((byte, index) => (index === 400 ? byte ^ 0xff : byte));
    const { upload } = (await client.start('cancelled.mcap', bytes)).body.data;
    await client.part(upload.uploadId, 1, bytes.subarray(0, 5 * MIB));
    const aborted = await client.abort(upload.uploadId);
    expect(aborted.body.data).toMatchObject({ upload: { status: 'FAILED', failure: 'cancelled' }, parts: [] });
    expect((await client.part(upload.uploadId, 2, bytes.subarray(5 * MIB, 10 * MIB))).status).toBe(404);
  });

  it("is its uploader's alone: another member's or another space's upload id is not found", async () => {
    const bytes = recording.map((byte, index) => (index === 500 ? byte ^ 0xff : byte));
    const { upload } = (await uploadClient(t, rd).start('mine.mcap', bytes)).body.data;
    const platform = await api.token('platform', 'admin');
    for (const token of [admin, platform]) {
      const other = uploadClient(t, token);
      expect((await other.status(upload.uploadId)).status).toBe(404);
      expect((await other.part(upload.uploadId, 1, bytes.subarray(0, 5 * MIB))).status).toBe(404);
      expect((await other.complete(upload.uploadId)).status).toBe(404);
      expect((await other.abort(upload.uploadId)).status).toBe(404);
    }
    expect((await uploadClient(t, await api.token('demo', 'operator')).start('x.mcap', bytes)).status).toBe(403);
  });
});

describe('the storage quota', () => {
  it('refuses an upload that would cross it before any byte is stored, and one whose quota was lowered meanwhile', async () => {
    const db = t.database.db;
    const client = uploadClient(t, rd);
    const demo = await db.selectFrom('tenants').select(['id', 'rawDataStorageQuota']).where('code', '=', 'demo').executeTakeFirstOrThrow();
    const bytes = recording.map((byte, index) => (index === 600 ? byte ^ 0xff : byte));
    try {
      await db
        .updateTable('tenants')
        .set({ rawDataStorageQuota: recording.length * 2 })
        .where('id', '=', demo.id)
        .execute();
      const tooBig = await client.start('too-big.mcap', bytes);
      expect(tooBig.status).toBe(413);
      expect(tooBig.body.message.zh_CN).toBe('将超出空间的原始数据存储配额');
      expect(await uploadsNamed('too-big.mcap')).toEqual([]);

      await db
        .updateTable('tenants')
        .set({ rawDataStorageQuota: recording.length * 10 })
        .where('id', '=', demo.id)
        .execute();
      const { upload } = (await client.start('lowered.mcap', bytes)).body.data;
      await client.parts(upload, bytes);
      await db.updateTable('tenants').set({ rawDataStorageQuota: recording.length }).where('id', '=', demo.id).execute();
      expect((await client.complete(upload.uploadId)).status).toBe(413);
      expect((await client.status(upload.uploadId)).body.data.upload).toMatchObject({ status: 'FAILED', failure: 'quota' });
    } finally {
      await db.updateTable('tenants').set({ rawDataStorageQuota: demo.rawDataStorageQuota }).where('id', '=', demo.id).execute();
    }
  });
});

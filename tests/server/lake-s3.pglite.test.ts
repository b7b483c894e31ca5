import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcapBuffer, plannedMessages } from './recordings/helpers/mcap-files';
import { apiOf, type Api } from './helpers/api';
import { startS3rver } from './helpers/s3rver';
import { createTestApp, type TestApp } from './helpers/test-app';
import { md5Hex, runJobs, uploadClient } from './helpers/uploads';

/** With STORAGE=s3: the same upload, in S3 multipart parts, and its download as a presigned S3 URL (s3rver on loopback). */
let t: TestApp;
let api: Api;
let s3: Awaited<ReturnType<typeof startS3rver>>;

beforeAll(async () => {
  s3 = await startS3rver('edp-lake');
  t = await createTestApp({}, { storage: s3.store });
  api = apiOf(t.app);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe('the data lake on S3-compatible storage', () => {
  it('takes a recording in multipart parts, makes its bag, serves it by a presigned link, and deletes it with the bag', async () => {
    const rd = await api.token('demo', 'rd');
    const recording = await mcapBuffer(
      plannedMessages().map((message) => (message.topic === '/imu' ? { ...message, size: 60_000 } : message)),
      { useChunks: true },
    );
    const client = uploadClient(t, rd);
    const { upload } = (await client.start('on-s3.mcap', recording)).body.data;
    expect(upload.partCount).toBe(3);
    await client.parts(upload, recording);
    expect((await client.complete(upload.uploadId)).status).toBe(200);
    await runJobs(t);
    const done = (await client.status(upload.uploadId)).body.data.upload;
    expect(done).toMatchObject({ status: 'SUCCESS', stage: 'completed' });

    const link = (await api.get('/data/lake/bag/download-url', { token: rd, query: { id: String(done.bag) } })).body.data;
    expect(link.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/edp-lake\/raw-data\/.*X-Amz-Expires=604800/);
    const fetched = new Uint8Array(await (await fetch(link.url)).arrayBuffer());
    expect(md5Hex(fetched)).toBe(md5Hex(recording));

    expect((await api.post('/data/bag/delete', { ids: [done.bag] }, { token: await api.token('demo', 'admin') })).status).toBe(200);
    expect(await s3.store.head(upload.objectKey)).toBeNull();
  });
});

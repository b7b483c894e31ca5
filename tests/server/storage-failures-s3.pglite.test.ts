import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localize } from '../../server/http/messages';
import { apiOf, type Api } from './helpers/api';
import type { CuttableLink } from './helpers/cuttable-link';
import { startS3rver } from './helpers/s3rver';
import { createTestApp, type TestApp } from './helpers/test-app';
import { MIB, md5Hex, runJobs, uploadClient } from './helpers/uploads';
import { mcapBuffer, plannedMessages } from './recordings/helpers/mcap-files';

/**
 * With STORAGE=s3, the endpoint going down (s3rver behind a link the test cuts): between parts, in the middle of a
 * part, at complete, as a complete's answer comes back, and under a download. Each is a 503 in both languages with
 * nothing recorded as stored; once the endpoint is back the same upload resumes and lands once.
 */
let t: TestApp;
let api: Api;
let s3: Awaited<ReturnType<typeof startS3rver>>;
let link: CuttableLink;
let rd: string;
/** The store's S3_IDLE_TIMEOUT_MS here: short, for an endpoint that hangs; long enough for s3rver's own answers. */
const IDLE_MS = 3000;

beforeAll(async () => {
  s3 = await startS3rver('edp-lake', { link: true, idleTimeoutMs: IDLE_MS });
  link = s3.link!;
  t = await createTestApp({}, { storage: s3.store });
  api = apiOf(t.app);
  rd = await api.token('demo', 'rd');
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const UNAVAILABLE = localize('errors:storageUnavailable');
/** About 12 MiB (three parts of 5 MiB), its bytes varied by `variant` so that each test has a file of its own. */
const recordingOf = (variant: number) =>
  mcapBuffer(
    plannedMessages().map((message, index) => ({ ...message, size: (message.topic === '/imu' ? 60_000 : message.size) + (index === 0 ? variant : 0) })),
    { useChunks: true },
  );
const partsRecorded = async (uploadId: string) =>
  (await sql<{ n: number }>`select part_number as n from upload_parts where upload_id = ${uploadId} order by n`.execute(t.database.db)).rows.map((row) =>
    Number(row.n),
  );
const bagsNamed = async (bagName: string) => (await api.get('/data/bag/query', { token: rd, query: { bagName } })).body.data.records as { id: number }[];
/** The bag's file as its presigned link serves it. */
const downloaded = async (bagId: number) => {
  const url = (await api.get('/data/lake/bag/download-url', { token: rd, query: { id: String(bagId) } })).body.data.url as string;
  return new Uint8Array(await (await fetch(url)).arrayBuffer());
};

describe('the data lake with its S3 endpoint down', () => {
  it('answers a part sent while it is down, or cut off halfway, and a complete with 503; the same upload then resumes to one bag', async () => {
    const recording = await recordingOf(1);
    const part = (n: number) => recording.subarray((n - 1) * 5 * MIB, n * 5 * MIB);
    const client = uploadClient(t, rd);
    const { upload } = (await client.start('s3-down.mcap', recording)).body.data;
    expect((await client.part(upload.uploadId, 1, part(1))).status).toBe(200);

    await link.cut();
    const down = await client.partInPieces(upload.uploadId, 2, part(2));
    expect(down.status).toBe(503);
    expect(down.body.message).toEqual(UNAVAILABLE);
    expect(down.body.message.zh_CN).toContain('无法连接');
    await link.mend();
    link.cutAfter(MIB); // the endpoint goes away with a MiB of part 2 received
    const halfway = await client.partInPieces(upload.uploadId, 2, part(2));
    expect(halfway.status).toBe(503);
    expect(halfway.body.message).toEqual(UNAVAILABLE);
    expect(await partsRecorded(upload.uploadId)).toEqual([1]);

    await link.mend();
    await client.parts(upload, recording, [1]);
    await link.cut();
    const completing = await client.complete(upload.uploadId);
    expect(completing.status).toBe(503);
    expect((await client.status(upload.uploadId)).body.data.upload).toMatchObject({ status: 'PENDING', uploadedPartCount: 3 });
    expect(await bagsNamed('s3-down.mcap')).toEqual([]);

    await link.mend();
    expect((await client.complete(upload.uploadId)).body.data.upload).toMatchObject({ status: 'PROCESSING' });
    await runJobs(t);
    expect((await client.status(upload.uploadId)).body.data.upload).toMatchObject({ status: 'SUCCESS' });
    const bags = await bagsNamed('s3-down.mcap');
    expect(bags).toHaveLength(1);
    expect(md5Hex(await downloaded(bags[0]!.id))).toBe(md5Hex(recording));
  });

  it('answers a part sent to an endpoint that takes the connection and says nothing with 503 once it has been silent S3_IDLE_TIMEOUT_MS', async () => {
    const recording = await recordingOf(4);
    const client = uploadClient(t, rd);
    const { upload } = (await client.start('s3-hung.mcap', recording)).body.data;
    await link.stall();
    const hung = await client.part(upload.uploadId, 1, recording.subarray(0, 5 * MIB));
    expect(hung.status).toBe(503);
    expect(hung.body.message).toEqual(UNAVAILABLE);
    expect(await partsRecorded(upload.uploadId)).toEqual([]);
    await link.mend();
    await client.parts(upload, recording);
    expect((await client.complete(upload.uploadId)).body.data.upload).toMatchObject({ status: 'PROCESSING' });
    await runJobs(t);
    expect((await bagsNamed('s3-hung.mcap')).length).toBe(1);
  });

  it('completes, once, an upload whose complete S3 carried out while its answer was lost', async () => {
    const recording = await recordingOf(2);
    const client = uploadClient(t, rd);
    const { upload } = (await client.start('s3-lost-answer.mcap', recording)).body.data;
    await client.parts(upload, recording);
    link.cutOnAnswer(); // S3 assembles the object; its answer never arrives
    const lost = await client.complete(upload.uploadId);
    expect(lost.status).toBe(503);
    expect((await client.status(upload.uploadId)).body.data.upload).toMatchObject({ status: 'PENDING' });

    await link.mend();
    expect((await client.complete(upload.uploadId)).body.data.upload).toMatchObject({ status: 'PROCESSING' });
    await runJobs(t);
    const bags = await bagsNamed('s3-lost-answer.mcap');
    expect(bags).toHaveLength(1);
    expect(md5Hex(await downloaded(bags[0]!.id))).toBe(md5Hex(recording));
  });

  it('answers a download link with 503 (not “no stored file”) while it is down, and gives it once it is back', async () => {
    const recording = await recordingOf(3);
    const client = uploadClient(t, rd);
    const { upload } = (await client.start('s3-download.mcap', recording)).body.data;
    await client.parts(upload, recording);
    await client.complete(upload.uploadId);
    await runJobs(t);
    const [bag] = await bagsNamed('s3-download.mcap');

    await link.cut();
    const refused = await api.get('/data/lake/bag/download-url', { token: rd, query: { id: String(bag!.id) } });
    await link.mend();
    expect(refused.status).toBe(503);
    expect(refused.body.message).toEqual(localize('errors:storageUnreadable'));
    expect(refused.headers['retry-after']).toBe('10');
    expect(md5Hex(await downloaded(bag!.id))).toBe(md5Hex(recording));
  });
});

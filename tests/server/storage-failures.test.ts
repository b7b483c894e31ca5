import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { localize } from '../../server/http/messages';
import { useAppOnFailingDisk } from './helpers/failing-store';
import { mcapBuffer, plannedMessages } from './recordings/helpers/mcap-files';
import { MIB, md5Hex, runJobs, uploadClient } from './helpers/uploads';

/**
 * Uploads and downloads on a local store failing under the server: a full disk (ENOSPC) and a store that cannot be
 * reached (EIO, as a mount that has gone). Each failure is told in both languages with its own status, nothing is
 * recorded as stored that is not, and once the store is back the same upload takes the missing parts and lands once.
 */
const { t, api, disk, failing } = useAppOnFailingDisk();
let rd: string;

beforeAll(async () => {
  rd = await api.token('demo', 'rd');
});

/** About 12 MiB (three parts of 5 MiB), its bytes varied by `variant` so that each test has a file of its own. */
const recordingOf = (variant: number) =>
  mcapBuffer(
    plannedMessages().map((message, index) => ({ ...message, size: (message.topic === '/imu' ? 60_000 : message.size) + (index === 0 ? variant : 0) })),
    { useChunks: true },
  );
const FULL = localize('errors:storageFull');
const UNAVAILABLE = localize('errors:storageUnavailable');
const UNREADABLE = localize('errors:storageUnreadable');

const partsRecorded = async (uploadId: string) =>
  (
    await sql<{ partNumber: number }>`select part_number as "partNumber" from upload_parts where upload_id = ${uploadId} order by part_number`.execute(
      t.database.db,
    )
  ).rows.map((row) => Number(row.partNumber));
const ingestJobs = async (uploadId: string) =>
  Number(
    (await sql<{ n: string }>`select count(*) as n from jobs where name = 'lake.ingest' and payload->>'uploadId' = ${uploadId}`.execute(t.database.db)).rows[0]!
      .n,
  );
const bagsNamed = async (bagName: string) => (await api.get('/data/bag/query', { token: rd, query: { bagName } })).body.data.records as { id: number }[];
/** The parts the store itself lists for the upload. */
const heldInStore = async (upload: { objectKey: string }, uploadId: string) => {
  const row = await sql<{ multipartId: string }>`select multipart_id as "multipartId" from file_uploads where upload_id = ${uploadId}`.execute(t.database.db);
  return (await disk.listParts(upload.objectKey, row.rows[0]!.multipartId)).map((part) => part.partNumber);
};
/** The bag's file, fetched through its download link. */
const downloaded = async (bagId: number) => {
  const link = await api.get('/data/lake/bag/download-url', { token: rd, query: { id: String(bagId) } });
  expect(link.status).toBe(200);
  return new Uint8Array((await t.app.inject({ method: 'GET', url: link.body.data.url })).rawPayload);
};

describe('a full disk', () => {
  it('refuses a part with 507 in both languages and records none of it; with room again the same upload takes it and lands once', async () => {
    const recording = await recordingOf(1);
    const client = uploadClient(t, rd);
    const { upload } = (await client.start('full-part.mcap', recording)).body.data;
    expect(upload.partCount).toBe(3);
    expect((await client.part(upload.uploadId, 1, recording.subarray(0, 5 * MIB))).status).toBe(200);

    failing.fail('full');
    const refused = await client.partInPieces(upload.uploadId, 2, recording.subarray(5 * MIB, 10 * MIB));
    expect(refused.status).toBe(507);
    expect(refused.body.message).toEqual(FULL);
    expect(refused.body.message.en_US).toContain('full');
    expect(refused.body.message.zh_CN).toContain('已满');
    // Neither the database nor the store holds part 2, though a MiB of it reached the disk.
    expect(await partsRecorded(upload.uploadId)).toEqual([1]);
    expect(await heldInStore(upload, upload.uploadId)).toEqual([1]);
    expect((await client.status(upload.uploadId)).body.data).toMatchObject({ upload: { status: 'PENDING', uploadedPartCount: 1 }, parts: [{ partNumber: 1 }] });

    failing.recover();
    const resumed = (await client.start('full-part.mcap', recording)).body.data;
    expect(resumed.upload.uploadId).toBe(upload.uploadId);
    await client.parts(upload, recording, [1]);
    expect((await client.complete(upload.uploadId)).status).toBe(200);
    await runJobs(t);
    expect((await client.status(upload.uploadId)).body.data.upload).toMatchObject({ status: 'SUCCESS' });
    const bags = await bagsNamed('full-part.mcap');
    expect(bags).toHaveLength(1);
    expect(md5Hex(await downloaded(bags[0]!.id))).toBe(md5Hex(recording));
  });

  it('refuses to complete with 507, leaving the upload pending with its parts and no bag; completed again, it lands once', async () => {
    const recording = await recordingOf(2);
    const client = uploadClient(t, rd);
    const { upload } = (await client.start('full-complete.mcap', recording)).body.data;
    await client.parts(upload, recording);

    failing.fail('full');
    const refused = await client.complete(upload.uploadId);
    expect(refused.status).toBe(507);
    expect(refused.body.message).toEqual(FULL);
    expect((await client.status(upload.uploadId)).body.data.upload).toMatchObject({ status: 'PENDING', uploadedPartCount: 3 });
    expect(await partsRecorded(upload.uploadId)).toEqual([1, 2, 3]);
    expect(await ingestJobs(upload.uploadId)).toBe(0);
    expect(await disk.head(upload.objectKey)).toBeNull();

    failing.recover();
    expect((await client.complete(upload.uploadId)).body.data.upload).toMatchObject({ status: 'PROCESSING' });
    await runJobs(t);
    const bags = await bagsNamed('full-complete.mcap');
    expect(bags).toHaveLength(1);
    expect(md5Hex(await downloaded(bags[0]!.id))).toBe(md5Hex(recording));
  });

  it('refuses to start an upload with 507, recording nothing', async () => {
    const recording = await recordingOf(3);
    failing.fail('full');
    try {
      const refused = await uploadClient(t, rd).start('full-start.mcap', recording);
      expect(refused.status).toBe(507);
      expect(refused.body.message).toEqual(FULL);
    } finally {
      failing.recover();
    }
    expect((await sql`select 1 from file_uploads where file_name = 'full-start.mcap'`.execute(t.database.db)).rows).toEqual([]);
  });
});

describe('a store that cannot be reached', () => {
  it('refuses a part with 503 in both languages and records none of it', async () => {
    const recording = await recordingOf(4);
    const client = uploadClient(t, rd);
    const { upload } = (await client.start('away-part.mcap', recording)).body.data;
    failing.fail('unreachable');
    const refused = await client.partInPieces(upload.uploadId, 1, recording.subarray(0, 5 * MIB));
    failing.recover();
    expect(refused.status).toBe(503);
    expect(refused.body.message).toEqual(UNAVAILABLE);
    expect(refused.body.message.en_US).toContain('cannot be reached');
    expect(await partsRecorded(upload.uploadId)).toEqual([]);
    await client.parts(upload, recording);
    expect((await client.complete(upload.uploadId)).status).toBe(200);
  });

  it('answers a download with 503 (not “no stored file”), in a bulk download as the reason, and serves it once the store is back', async () => {
    const recording = await recordingOf(5);
    const client = uploadClient(t, rd);
    const { upload } = (await client.start('away-download.mcap', recording)).body.data;
    await client.parts(upload, recording);
    await client.complete(upload.uploadId);
    await runJobs(t);
    const [bag] = await bagsNamed('away-download.mcap');
    const earlier = (await api.get('/data/lake/bag/download-url', { token: rd, query: { id: String(bag!.id) } })).body.data.url as string;

    failing.fail('unreachable');
    const link = await api.get('/data/lake/bag/download-url', { token: rd, query: { id: String(bag!.id) } });
    const links = await api.post('/data/lake/bag/download-links', { ids: [bag!.id] }, { token: rd });
    const served = await t.app.inject({ method: 'GET', url: earlier });
    failing.recover();
    expect(link.status).toBe(503);
    expect(link.body.message).toEqual(UNREADABLE);
    expect(links.body.data).toEqual({ links: [], failures: [{ id: bag!.id, fileName: 'away-download.mcap', reason: UNREADABLE }] });
    expect(served.statusCode).toBe(503);
    expect(served.json().message).toEqual(UNREADABLE);
    expect(md5Hex(new Uint8Array((await t.app.inject({ method: 'GET', url: earlier })).rawPayload))).toBe(md5Hex(recording));
  });

  it('keeps a received upload waiting while its check cannot read the store, past the job’s last attempt, and checks it once the store is back', async () => {
    const recording = await recordingOf(6);
    const client = uploadClient(t, rd);
    const { upload } = (await client.start('away-ingest.mcap', recording)).body.data;
    await client.parts(upload, recording);
    await client.complete(upload.uploadId);

    failing.fail('unreachable');
    for (let attempt = 1; attempt <= 5; attempt++) {
      await expect(runJobs(t)).rejects.toMatchObject({ failure: 'unavailable' });
      t.clock.advance(3_600_000); // past the retry's backoff
    }
    expect((await client.status(upload.uploadId)).body.data.upload).toMatchObject({ status: 'PROCESSING', stage: 'waiting' });
    expect(await bagsNamed('away-ingest.mcap')).toEqual([]);

    failing.recover();
    await runJobs(t);
    expect((await client.status(upload.uploadId)).body.data.upload).toMatchObject({ status: 'SUCCESS' });
    expect(await bagsNamed('away-ingest.mcap')).toHaveLength(1);
  });
});

import { bag as bagEntity } from '../../../model/schemas/bag';
import { fileUpload } from '../../../model/schemas/file-upload';
import { systemActor } from '../../engine/actor';
import type { AppContext } from '../../context';
import { loose } from '../../engine/queries';
import { ApiError } from '../../http/api-error';
import { enqueue } from '../../jobs/enqueue';
import type { JobHandler } from '../../jobs/worker';
import { parseRecording, RecordingParseError, type RecordingSummary } from '../../recordings/parse-recording';
import { failureOf } from '../../storage/storage-failure';
import { bagWithDigest } from './bag-digest';
import { INGEST_JOB } from './finish-upload';
import { lockSpace } from './quotas';
import { storedByteSource, storedMd5 } from './stored-object';
import type { UploadRow } from './uploads';

/**
 * The bag a parsed recording makes: what the file says of itself, and what its uploader told. A recording without
 * messages has no time of its own; it is placed at its upload's start, so that it sorts and is counted with that day's.
 */
const bagOf = (upload: UploadRow, md5: string, summary: RecordingSummary) => ({
  ...(JSON.parse(upload.metadata || '{}') as Record<string, unknown>),
  bagName: upload.fileName,
  bagStatus: 'good',
  bagSize: upload.fileSize,
  bagDuration: Math.round(summary.durationSeconds),
  bagStartTime: summary.startTime ?? upload.createdTime,
  bagEndTime: summary.endTime ?? upload.createdTime,
  bagOssPath: upload.objectKey,
  bagDigest: md5,
  topics: JSON.stringify(summary.topics),
  createdBy: upload.createdBy,
});

type Settle = (changes: Record<string, unknown>) => Promise<unknown>;

/** When a check that found the store away through all its attempts is tried again. */
const STORE_AWAY_RETRY_MS = 15 * 60_000;

/**
 * A received upload, in the background: the whole file's MD5 is computed from the stored object and
 * compared (a mismatch keeps nothing), the recording is parsed, and its bag is made. A file that will
 * not parse fails the upload and stays stored aside, never listed as data.
 */
export const ingestJob =
  (context: AppContext): JobHandler =>
  async ({ uploadId }: { uploadId: string }, { db, job, clock }) => {
    const upload = (await loose(db).selectFrom(fileUpload.table).selectAll().where('uploadId', '=', uploadId).executeTakeFirst()) as UploadRow | undefined;
    if (upload?.status !== 'PROCESSING') return; // done already, by an earlier run of this job
    const actor = systemActor(upload.tenantId);
    const settle = (changes: Record<string, unknown>) => context.records.update(actor, fileUpload, { id: upload.id, ...changes });
    try {
      await ingestWith(context, upload, settle);
    } catch (error) {
      if (job.attempts < job.maxAttempts) throw error; // retried with backoff
      if (failureOf(error)) {
        // The file is received and kept; only the store is away (or a read from it broke off). It waits for the store, not failed to be sent again.
        await settle({ stage: 'waiting' });
        await enqueue(db, INGEST_JOB, { uploadId }, { now: clock(), runAt: new Date(clock().getTime() + STORE_AWAY_RETRY_MS) });
      } else await settle({ status: 'FAILED', failure: 'error' }); // the uploader is told, rather than left waiting
      throw error;
    }
  };

/** Check, parse, make the bag: each step leaves the upload as far as it got. */
async function ingestWith({ records, storage }: Pick<AppContext, 'records' | 'storage'>, upload: UploadRow, settle: Settle): Promise<void> {
  const actor = systemActor(upload.tenantId);
  await settle({ stage: 'parsing' });
  const md5 = await storedMd5(storage, upload.objectKey);
  if (md5 !== upload.md5) {
    await storage.delete(upload.objectKey);
    await settle({ status: 'FAILED', failure: 'md5' });
    return;
  }
  let summary: RecordingSummary;
  try {
    summary = await parseRecording(storedByteSource(storage, upload.objectKey, upload.fileSize), upload.fileName);
  } catch (error) {
    if (!(error instanceof RecordingParseError)) throw error; // the store failed: the job runs again
    await settle({ status: 'FAILED', failure: 'parse' });
    return;
  }
  try {
    const duplicate = await records.transaction(async (service, trx) => {
      // The same file may have come in meanwhile (another member, at the same time): it is stored once.
      await lockSpace(trx, upload.tenantId);
      const existing = (await bagWithDigest(trx, upload.tenantId, md5))?.id;
      const bag = existing ?? (await service.create(actor, bagEntity, bagOf(upload, md5, summary))).id;
      await service.update(actor, fileUpload, { id: upload.id, status: 'SUCCESS', stage: 'completed', bag });
      return existing !== undefined;
    });
    if (duplicate) await storage.delete(upload.objectKey);
  } catch (error) {
    if (!(error instanceof ApiError && error.statusCode === 400)) throw error;
    await settle({ status: 'FAILED', failure: 'parse' }); // what the file says breaks the bag's rules (a time out of range)
  }
}

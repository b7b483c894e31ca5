import { fileUpload } from '../../../model/schemas/file-upload';
import type { UploadState } from '../../../model/schemas/upload';
import type { Principal } from '../../auth/guard';
import type { AppContext } from '../../context';
import { systemActor } from '../../engine/actor';
import { ApiError } from '../../http/api-error';
import { enqueue } from '../../jobs/enqueue';
import { InvalidPartError } from '../../storage/object-store';
import { checkStorageQuota } from './quotas';
import { heldParts, openUpload, uploadStateOf, type UploadRow } from './uploads';

export const INGEST_JOB = 'lake.ingest';

/** Ends an upload that will not finish: its parts are freed, its record says why. */
export async function failUpload({ records, storage }: Pick<AppContext, 'records' | 'storage'>, upload: UploadRow, failure: string): Promise<UploadState> {
  await storage.abortMultipart(upload.objectKey, String(upload.multipartId));
  return records.transaction(async (service, trx) => {
    await trx.deleteFrom('uploadParts').where('uploadId', '=', upload.uploadId).execute();
    const failed = await service.update(systemActor(upload.tenantId), fileUpload, { id: upload.id, status: 'FAILED', failure });
    return uploadStateOf(trx, failed);
  });
}

/** Marks it received and queues its check and parsing, in one transaction: the job exists only if the mark does. */
const markReceived = ({ records, clock }: Pick<AppContext, 'records' | 'clock'>, upload: UploadRow, principal: Principal) =>
  records.transaction(async (service, trx) => {
    const current = await openUpload(trx, principal, upload.uploadId, { lock: true }).catch(() => undefined);
    if (!current) return uploadStateOf(trx, upload); // another request finished it first
    await trx.deleteFrom('uploadParts').where('uploadId', '=', upload.uploadId).execute();
    const received = await service.update(systemActor(upload.tenantId), fileUpload, { id: upload.id, status: 'PROCESSING', stage: 'waiting' });
    await enqueue(trx, INGEST_JOB, { uploadId: upload.uploadId }, { now: clock() });
    return uploadStateOf(trx, received);
  });

/**
 * Whether an earlier complete did assemble the object, though its answer never came back (the store went away as it
 * answered): the store then knows the upload no more. The key is this upload's alone, so an object of its size there
 * is its file; the ingest job checks its whole MD5 before anything is made of it.
 */
const landedEarlier = async (storage: AppContext['storage'], upload: UploadRow) =>
  (await storage.head(upload.objectKey).catch(() => null))?.size === upload.fileSize;

/**
 * Every part held: the object is assembled and the upload waits for its check (the whole file's
 * MD5) and parsing, in the background. The storage quota is asked again: it may have been lowered.
 */
export async function completeUpload(context: AppContext, principal: Principal, uploadId: string): Promise<UploadState> {
  const { db, storage } = context;
  const upload = await openUpload(db, principal, uploadId);
  const parts = await heldParts(db, uploadId);
  if (parts.length < upload.partCount) throw new ApiError(400, 'lake:errors.partsMissing', { missing: upload.partCount - parts.length }, { field: 'uploadId' });
  try {
    await checkStorageQuota(db, upload.tenantId, upload.fileSize, upload.fileSize);
  } catch (error) {
    if (error instanceof ApiError) await failUpload(context, upload, 'quota');
    throw error;
  }
  try {
    await storage.completeMultipart(
      upload.objectKey,
      String(upload.multipartId),
      parts.map(({ partNumber, etag }) => ({ partNumber, etag })),
    );
  } catch (error) {
    if (error instanceof InvalidPartError) throw new ApiError(400, 'lake:errors.partChecksum', { part: '' }, { field: 'uploadId' });
    if (!(await landedEarlier(storage, upload))) throw error;
  }
  return markReceived(context, upload, principal);
}

export async function abortUpload(context: AppContext, principal: Principal, uploadId: string): Promise<UploadState> {
  return failUpload(context, await openUpload(context.db, principal, uploadId), 'cancelled');
}

import type { z } from 'zod';
import { fileUpload } from '../../../model/schemas/file-upload';
import { partSizeFor, type startUploadPayload, type UploadState } from '../../../model/schemas/upload';
import type { Principal } from '../../auth/guard';
import { randomToken } from '../../auth/random';
import type { AppContext } from '../../context';
import { systemActor } from '../../engine/actor';
import { loose } from '../../engine/queries';
import { ApiError } from '../../http/api-error';
import { bagWithDigest } from './bag-digest';
import { checkStorageQuota, lockSpace } from './quotas';
import { uploadStateOf, type UploadRow } from './uploads';

type StartUpload = z.infer<typeof startUploadPayload>;

/** Spec §5: a file already in the space is not stored twice; the uploader is shown the bag it is. */
async function refuseDuplicate(db: AppContext['db'], tenantId: number, md5: string): Promise<void> {
  const existing = await bagWithDigest(db, tenantId, md5);
  if (existing) throw new ApiError(409, 'lake:errors.duplicate', { name: existing.bagName }, { field: 'md5', bagId: existing.id, bagName: existing.bagName });
}

/**
 * Starts an upload, or hands back the caller's unfinished one of the same file (its size and MD5):
 * the parts it holds are what the uploader skips, and one already received is followed, not sent again.
 * Spec §5: a resumed file keeps its original name.
 */
export async function startUpload({ db, records, storage, clock }: AppContext, principal: Principal, given: StartUpload): Promise<UploadState> {
  const tenantId = principal.tenant.id;
  const md5 = given.md5.toLowerCase();
  await refuseDuplicate(db, tenantId, md5);
  const unfinished = (await loose(db)
    .selectFrom(fileUpload.table)
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('createdBy', '=', principal.account.code)
    .where('md5', '=', md5)
    .where('fileSize', '=', given.fileSize)
    // Received and being checked counts too: the same file started again meanwhile (its uploader run again after a
    // crash) follows that upload to its bag rather than sending it all a second time.
    .where('status', 'in', ['PENDING', 'PROCESSING'])
    .orderBy('id', 'desc')
    .executeTakeFirst()) as UploadRow | undefined;
  if (unfinished) {
    if (unfinished.fileName !== given.fileName) throw new ApiError(400, 'lake:errors.nameMismatch', { original: unfinished.fileName }, { field: 'fileName' });
    return uploadStateOf(db, unfinished);
  }

  const partSize = partSizeFor(given.fileSize, given.partSize);
  const uploadId = randomToken(24);
  const objectKey = `raw-data/${tenantId}/${clock().toISOString().slice(0, 10)}/${uploadId}/${given.fileName}`;
  const multipartId = await storage.createMultipart(objectKey, { contentType: 'application/octet-stream', partSize });
  try {
    return await records.transaction(async (service, trx) => {
      await lockSpace(trx, tenantId);
      await checkStorageQuota(trx, tenantId, given.fileSize);
      const created = await service.create(systemActor(tenantId), fileUpload, {
        fileName: given.fileName,
        objectKey,
        uploadId,
        multipartId,
        fileSize: given.fileSize,
        md5,
        partSize,
        partCount: Math.ceil(given.fileSize / partSize),
        uploadedPartCount: 0,
        uploadedSize: 0,
        stage: 'uploading',
        metadata: JSON.stringify({ uploadType: 'manual', ...given.metadata }),
        createdBy: principal.account.code,
      });
      return uploadStateOf(trx, created);
    });
  } catch (error) {
    await storage.abortMultipart(objectKey, multipartId).catch(() => undefined);
    throw error;
  }
}

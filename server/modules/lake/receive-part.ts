import { Transform, type Readable } from 'node:stream';
import { fileUpload } from '../../../model/schemas/file-upload';
import type { Principal } from '../../auth/guard';
import type { AppContext } from '../../context';
import { systemActor } from '../../engine/actor';
import { ApiError } from '../../http/api-error';
import { PartChecksumError } from '../../storage/object-store';
import { StoreFailureError } from '../../storage/storage-failure';
import { expectedPartSize, heldParts, openUpload, uploadStateOf } from './uploads';

/** Counts what streams through, and stops a body that runs past `limit` bytes (its MD5 is the store's to check). */
function measured(limit: number) {
  const seen = { size: 0 };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen.size += chunk.length;
      if (seen.size > limit) return done(new Error(`more than ${limit} bytes`));
      done(null, chunk);
    },
  });
  return { stream, seen };
}

/** RFC 1864 Content-MD5 (base64), as hex; undefined when absent or malformed. */
const declaredMd5 = (header: string | undefined) => {
  const bytes = header ? Buffer.from(header, 'base64') : undefined;
  return bytes?.length === 16 ? bytes.toString('hex') : undefined;
};

/**
 * One part, streamed to the store as it arrives. Its size is checked here and its Content-MD5 by the
 * store (S3 itself, or the local store as it writes): the bytes are hashed once. Only a good part is recorded (in the database, so any server process can take the
 * next one), and a bad one is a 400 the uploader answers by sending it again.
 */
export async function receivePart(
  { db, records, storage, clock }: AppContext,
  principal: Principal,
  { uploadId, partNumber }: { uploadId: string; partNumber: number },
  body: Readable,
  contentMd5: string | undefined,
) {
  const upload = await openUpload(db, principal, uploadId);
  if (partNumber > upload.partCount)
    throw new ApiError(400, 'validation:max', { label: 'fileUpload:fields.partCount', max: upload.partCount }, { field: 'partNumber' });
  const size = expectedPartSize(upload, partNumber);
  const md5 = declaredMd5(contentMd5);
  const damaged = () => new ApiError(400, 'lake:errors.partChecksum', { part: partNumber }, { field: 'partNumber', expectedSize: size });
  if (!md5) throw damaged();
  const { stream, seen } = measured(size);
  const multipartId = String(upload.multipartId);
  let stored;
  try {
    stored = await storage.uploadPart(upload.objectKey, multipartId, partNumber, body.pipe(stream), size, Buffer.from(md5, 'hex').toString('base64'));
  } catch (error) {
    // The store full or away cuts the part short too, but the part is not to blame: that is said as such (503, 507).
    if (error instanceof StoreFailureError) throw error;
    // Cut short, too long, or not the bytes its MD5 names: the part is sent again.
    if (seen.size !== size || error instanceof PartChecksumError) throw damaged();
    throw error;
  }
  if (seen.size !== size) throw damaged();

  return records.transaction(async (service, trx) => {
    const current = await openUpload(trx, principal, uploadId, { lock: true }); // parts of one upload are counted one at a time
    await trx
      .insertInto('uploadParts')
      .values({ uploadId, partNumber, size, etag: stored.etag, md5, receivedTime: clock() })
      .onConflict((conflict) => conflict.columns(['uploadId', 'partNumber']).doUpdateSet({ size, etag: stored.etag, md5, receivedTime: clock() }))
      .execute();
    const parts = await heldParts(trx, uploadId);
    const updated = await service.update(systemActor(current.tenantId), fileUpload, {
      id: current.id,
      uploadedPartCount: parts.length,
      uploadedSize: parts.reduce((total, part) => total + Number(part.size), 0),
    });
    return uploadStateOf(trx, updated);
  });
}

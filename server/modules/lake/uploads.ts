import { fileUpload } from '../../../model/schemas/file-upload';
import type { UploadState } from '../../../model/schemas/upload';
import type { Principal } from '../../auth/guard';
import type { Db } from '../../db/tables';
import { loose } from '../../engine/queries';
import { toRecord } from '../../engine/records';
import { ApiError } from '../../http/api-error';

export type UploadRow = Record<string, unknown> & {
  id: number;
  tenantId: number;
  uploadId: string;
  objectKey: string;
  fileName: string;
  fileSize: number;
  md5: string;
  partSize: number;
  partCount: number;
  status: string;
  metadata: string;
  createdBy: string;
  createdTime: Date;
  updatedTime: Date;
};

const notFound = () => new ApiError(404, 'lake:errors.uploadNotFound', {}, { field: 'uploadId' });

/** An upload of the caller's own: another member's, another space's or an unknown one is not found. */
export async function callerUpload(db: Db, principal: Principal, uploadId: string, { lock = false } = {}): Promise<UploadRow> {
  let query = loose(db)
    .selectFrom(fileUpload.table)
    .selectAll()
    .where('uploadId', '=', uploadId)
    .where('tenantId', '=', principal.tenant.id)
    .where('createdBy', '=', principal.account.code);
  if (lock) query = query.forUpdate();
  const row = (await query.executeTakeFirst()) as UploadRow | undefined;
  if (!row) throw notFound();
  return row;
}

/** One still taking parts (a finished, failed or cancelled one is over). */
export async function openUpload(db: Db, principal: Principal, uploadId: string, options: { lock?: boolean } = {}): Promise<UploadRow> {
  const row = await callerUpload(db, principal, uploadId, options);
  if (row.status !== 'PENDING') throw notFound();
  return row;
}

export const heldParts = (db: Db, uploadId: string) =>
  db.selectFrom('uploadParts').select(['partNumber', 'size', 'etag']).where('uploadId', '=', uploadId).orderBy('partNumber').execute();

/** An upload as its uploader follows it: its record (or its row, made one) and the parts held. */
export async function uploadStateOf(db: Db, upload: UploadRow | Record<string, unknown>): Promise<UploadState> {
  const record = upload.updatedTime instanceof Date ? toRecord(fileUpload, upload) : upload;
  const parts = await heldParts(db, String(record.uploadId));
  return { upload: record as UploadState['upload'], parts: parts.map(({ partNumber, size }) => ({ partNumber, size: Number(size) })) };
}

/** The size part `partNumber` must have: the part size, but the last holds what is left. */
export const expectedPartSize = (row: Pick<UploadRow, 'fileSize' | 'partSize' | 'partCount'>, partNumber: number) =>
  partNumber < row.partCount ? row.partSize : row.fileSize - row.partSize * (row.partCount - 1);

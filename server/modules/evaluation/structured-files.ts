import { createHash, randomUUID } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import { MAX_STRUCTURED_FILES, structuredData, structuredFilesOf, type StructuredFile } from '../../../model/schemas/structured-data';
import type { Actor } from '../../engine/actor';
import type { RecordService } from '../../engine/record-service';
import { ApiError, notFound } from '../../http/api-error';
import type { ObjectStore } from '../../storage/object-store';

/** One file coming in: the name it is stored under, the stored file it replaces (if it says so), its bytes and their announced length. */
export interface FileUpload {
  name: string;
  replace?: string | undefined;
  body: Readable;
  declaredSize?: number | undefined;
}

/** Where a record's files lie: each upload under a key of its own, so a replaced file stays whole until its successor is recorded. */
const fileKey = (record: Record<string, unknown>, name: string) => `structured-data/${String(record.tenantId)}/${String(record.id)}/${randomUUID()}/${name}`;

const emptyFile = () => new ApiError(400, 'structuredData:errors.empty', {}, { field: 'files' });
const incomplete = () => new ApiError(400, 'structuredData:errors.incomplete', {}, { field: 'files' });

/**
 * Spec §5: a file replaced keeps its first name (a replacement under another name is refused), and a
 * record holds at most MAX_STRUCTURED_FILES files. Asked before a byte is read, and again under the
 * record's lock before the upload is recorded.
 */
export function checkPlace(files: StructuredFile[], name: string, replace: string | undefined): void {
  if (replace !== undefined) {
    if (!files.some((file) => file.name === replace)) throw notFound();
    if (replace !== name) throw new ApiError(400, 'structuredData:errors.nameMismatch', { original: replace }, { field: 'name' });
  } else if (!files.some((file) => file.name === name) && files.length >= MAX_STRUCTURED_FILES)
    throw new ApiError(400, 'structuredData:errors.tooManyFiles', { max: MAX_STRUCTURED_FILES }, { field: 'files' });
}

/**
 * The body streamed into the store under `key`, its size and SHA-256 taken on the way (nothing is
 * held in memory). A body that breaks off, or ends short of its announced length, leaves nothing
 * stored and is a 400; a failing store is the store's error.
 */
async function putHashed(storage: ObjectStore, key: string, body: Readable, declaredSize: number | undefined) {
  const hash = createHash('sha256');
  let size = 0;
  let broken = false;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  const reading = pipeline(body, tap).catch((error: unknown) => {
    broken = true;
    throw error;
  });
  try {
    await Promise.all([reading, storage.put(key, tap, { contentType: 'application/octet-stream' })]);
    if (declaredSize !== undefined && size !== declaredSize) {
      broken = true;
      throw incomplete();
    }
  } catch (error) {
    tap.destroy();
    body.destroy();
    await storage.delete(key).catch(() => undefined);
    if (broken) throw incomplete();
    throw error;
  }
  return { size, sha256: hash.digest('hex') };
}

/**
 * Stores one file of a structured data record (spec §3, §5): streamed into the store with its size
 * and SHA-256, then recorded on the record under the record's lock, by whoever uploaded it (the
 * audit trail names them). A file of 0 bytes is refused and nothing kept; a file under a name the
 * record holds replaces it (its old bytes go once the new ones are recorded). Answers the record's files.
 */
export async function storeStructuredFile(
  { records, storage }: { records: RecordService; storage: ObjectStore },
  actor: Actor,
  record: Record<string, unknown>,
  upload: FileUpload,
  now: Date,
): Promise<{ file: StructuredFile; files: StructuredFile[] }> {
  const { name, replace } = upload;
  checkPlace(structuredFilesOf(record.files), name, replace);
  if (upload.declaredSize === 0) throw emptyFile();
  const key = fileKey(record, name);
  const { size, sha256 } = await putHashed(storage, key, upload.body, upload.declaredSize);
  if (size === 0) {
    await storage.delete(key);
    throw emptyFile();
  }
  const file: StructuredFile = { name, size, sha256, key, time: now.toISOString() };
  let replaced: string | undefined;
  let files: StructuredFile[];
  try {
    files = await records.transaction(async (service, db) => {
      const { rows } = await sql<{ files: string | null; updatedTime: Date }>`
        select files, updated_time as "updatedTime" from structured_data where id = ${Number(record.id)} for update`.execute(db);
      if (!rows[0]) throw notFound();
      const current = structuredFilesOf(rows[0].files);
      checkPlace(current, name, replace);
      replaced = current.find((item) => item.name === name)?.key;
      const next = replaced === undefined ? [...current, file] : current.map((item) => (item.name === name ? file : item));
      // Locked, the row is as read: the write names the version it holds, as a person's every write does.
      const updatedTime = new Date(rows[0].updatedTime).toISOString();
      await service.update(actor, structuredData, { id: Number(record.id), files: JSON.stringify(next), updatedTime });
      return next;
    });
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
  if (replaced !== undefined && replaced !== key) await storage.delete(replaced).catch(() => undefined);
  return { file, files };
}

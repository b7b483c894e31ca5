import { createHash } from 'node:crypto';
import { open, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { LocalizedText } from '../../model/schemas/languages';
import { PART_SIZE, partSizeFor, type UploadState } from '../../model/schemas/upload';
import { ApiFailure, type Api } from './api';
import { partDigests } from './part-digests';

export interface UploadOptions {
  metadata: Record<string, unknown>;
  /** Parts sent at once. */
  parallel?: number;
  onProgress?: (event: { file: string; stage: string; sentBytes: number; totalBytes: number }) => void;
  /** How often the server's check and parsing is asked after; 0 waits not at all. */
  pollMs?: number;
  /** How a part or the completion is tried again after a failure that may pass. */
  retries?: Retries;
}

export type UploadOutcome =
  | { file: string; status: 'SUCCESS'; bagId: number }
  | { file: string; status: 'DUPLICATE'; bagName: string }
  | { file: string; status: 'FAILED'; reason: string }
  /** The server would not take it (not a recording, empty, named otherwise than its unfinished upload): why, in every language. */
  | { file: string; status: 'REFUSED'; reason: LocalizedText }
  | { file: string; status: 'RECEIVED' };

/** Read at a time while hashing, into one buffer: fresh buffers per read cost page faults of their own. */
const HASH_SLICE = 4 * 1024 * 1024;

/** The file's MD5, which the server needs before the first part. */
async function hashFile(path: string): Promise<string> {
  const whole = createHash('md5');
  const slice = Buffer.allocUnsafe(HASH_SLICE);
  const handle = await open(path, 'r');
  try {
    for (let read = 0; (read = (await handle.read(slice, 0, HASH_SLICE, null)).bytesRead) > 0;) whole.update(slice.subarray(0, read));
  } finally {
    await handle.close();
  }
  return whole.digest('hex');
}

async function readPart(path: string, offset: number, size: number): Promise<Buffer<ArrayBuffer>> {
  const handle = await open(path, 'r');
  try {
    const bytes = Buffer.allocUnsafe(size); // filled by the read, cut to what it read
    const { bytesRead } = await handle.read(bytes, 0, size, offset);
    return bytes.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** How many times a call that may pass later is made, and the first pause between two (it doubles each time). */
export interface Retries {
  attempts: number;
  pauseMs: number;
}
/** Pauses of 1, 2, 4, 8 and 16 s: the server's file store away or full for half a minute does not fail the file. */
const RETRIES: Retries = { attempts: 6, pauseMs: 1000 };

/** A part is sent again after no answer (a dropped connection), a 400 (it arrived damaged) or a 5xx (the server or its file store busy, away or full). */
const partMayPass = (error: unknown) => !(error instanceof ApiFailure) || error.status === 400 || error.status >= 500;
/** Completion is asked again only after the server answered that it could not (a 5xx): without an answer it may have completed. */
const completionMayPass = (error: unknown) => error instanceof ApiFailure && error.status >= 500;

/** A call made again, after a pause that doubles each time, while its failure `mayPass`. */
async function retried<T>(call: () => Promise<T>, { attempts, pauseMs }: Retries, mayPass: (error: unknown) => boolean): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!mayPass(error) || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, pauseMs * 2 ** (attempt - 1)));
    }
  }
}

/** One file through the resumable protocol: what the server holds already is skipped (an earlier, interrupted run). */
export async function uploadFile(
  api: Api,
  path: string,
  { metadata, parallel = 3, onProgress, pollMs = 1000, retries = RETRIES }: UploadOptions,
): Promise<UploadOutcome> {
  const file = basename(path);
  const { size } = await stat(path);
  onProgress?.({ file, stage: 'md5', sentBytes: 0, totalBytes: size });
  let state: UploadState;
  // The parts' MD5s in the same pass, on another thread, for the part size the server will choose (it tells).
  const foreseen = partSizeFor(size, PART_SIZE.default);
  const [md5, digests] = await Promise.all([hashFile(path), partDigests(path, size, foreseen)]);
  try {
    state = await api.call<UploadState>('POST', '/data/lake/upload/start', {
      fileName: file,
      fileSize: size,
      md5,
      partSize: foreseen,
      metadata,
    });
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 409 && error.data?.bagName) return { file, status: 'DUPLICATE', bagName: String(error.data.bagName) };
    if (error instanceof ApiFailure && error.status === 400 && error.text) return { file, status: 'REFUSED', reason: error.text };
    throw error;
  }
  const { uploadId, partSize, partCount, status } = state.upload as { uploadId: string; partSize: number; partCount: number; status: string };
  // Received already (an earlier run sent it all and was stopped): only its check and parsing are left to follow.
  if (status === 'PENDING') {
    const held = new Set(state.parts.map((part) => part.partNumber));
    let sentBytes = state.parts.reduce((total, part) => total + part.size, 0);
    const pending = Array.from({ length: partCount }, (_, index) => index + 1).filter((partNumber) => !held.has(partNumber));
    const worker = async () => {
      for (let partNumber = pending.shift(); partNumber !== undefined; partNumber = pending.shift()) {
        const bytes = await readPart(path, (partNumber - 1) * partSize, Math.min(partSize, size - (partNumber - 1) * partSize));
        // A resumed upload may have begun with another part size.
        const digest = partSize === foreseen ? digests[partNumber - 1]! : createHash('md5').update(bytes).digest('base64');
        await retried(() => api.putPart({ uploadId, partNumber: String(partNumber) }, bytes, digest), retries, partMayPass);
        sentBytes += bytes.length;
        onProgress?.({ file, stage: 'uploading', sentBytes, totalBytes: size });
      }
    };
    await Promise.all(Array.from({ length: parallel }, worker));
    await retried(() => api.call('POST', '/data/lake/upload/complete', { uploadId }), retries, completionMayPass);
  }
  if (pollMs === 0) return { file, status: 'RECEIVED' };
  for (;;) {
    const { upload } = await api.call<UploadState>('GET', '/data/lake/upload/status', undefined, { uploadId });
    onProgress?.({ file, stage: String(upload.stage), sentBytes: size, totalBytes: size });
    if (upload.status === 'SUCCESS') return { file, status: 'SUCCESS', bagId: Number(upload.bag) };
    if (upload.status === 'FAILED') return { file, status: 'FAILED', reason: String(upload.failure) };
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

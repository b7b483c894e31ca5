import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { PART_SIZE, type UploadState } from '../../src/schemas/upload';
import { ApiFailure, type Api } from './api';

export interface UploadOptions {
  metadata: Record<string, unknown>;
  /** Parts sent at once. */
  parallel?: number;
  onProgress?: (event: { file: string; stage: string; sentBytes: number; totalBytes: number }) => void;
  /** How often the server's check and parsing is asked after; 0 waits not at all. */
  pollMs?: number;
}

export type UploadOutcome =
  | { file: string; status: 'SUCCESS'; bagId: number }
  | { file: string; status: 'DUPLICATE'; bagName: string }
  | { file: string; status: 'FAILED'; reason: string }
  | { file: string; status: 'RECEIVED' };

/**
 * The file's MD5 and each part's (as Content-MD5), in one read: the parts are then sent unhashed.
 * Parts of `partSize` bytes, the size the uploader asks the server for.
 */
async function hashFile(path: string, partSize: number) {
  const whole = createHash('md5');
  const parts: string[] = [];
  let part = createHash('md5');
  let filled = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 4 * 1024 * 1024 }) as AsyncIterable<Buffer>) {
    whole.update(chunk);
    for (let offset = 0; offset < chunk.length;) {
      const take = Math.min(partSize - filled, chunk.length - offset);
      part.update(chunk.subarray(offset, offset + take));
      offset += take;
      filled += take;
      if (filled === partSize) {
        parts.push(part.digest('base64'));
        part = createHash('md5');
        filled = 0;
      }
    }
  }
  if (filled > 0) parts.push(part.digest('base64'));
  return { md5: whole.digest('hex'), parts };
}

async function readPart(path: string, offset: number, size: number): Promise<Buffer<ArrayBuffer>> {
  const handle = await open(path, 'r');
  try {
    const bytes = Buffer.alloc(size);
    const { bytesRead } = await handle.read(bytes, 0, size, offset);
    return bytes.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** A part, sent again after a failure (a dropped connection, a part that arrived damaged), up to 3 times. */
async function sendPart(api: Api, uploadId: string, partNumber: number, bytes: Buffer<ArrayBuffer>, known?: string): Promise<void> {
  const md5 = known ?? createHash('md5').update(bytes).digest('base64');
  for (let attempt = 1; ; attempt++) {
    try {
      await api.putPart({ uploadId, partNumber: String(partNumber) }, bytes, md5);
      return;
    } catch (error) {
      const retriable = !(error instanceof ApiFailure) || error.status === 400 || error.status >= 500;
      if (!retriable || attempt >= 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt));
    }
  }
}

/** One file through the resumable protocol: what the server holds already is skipped (an earlier, interrupted run). */
export async function uploadFile(api: Api, path: string, { metadata, parallel = 3, onProgress, pollMs = 1000 }: UploadOptions): Promise<UploadOutcome> {
  const file = basename(path);
  const { size } = await stat(path);
  onProgress?.({ file, stage: 'md5', sentBytes: 0, totalBytes: size });
  let state: UploadState;
  const hashed = await hashFile(path, PART_SIZE.default);
  try {
    state = await api.call<UploadState>('POST', '/data/lake/upload/start', {
      fileName: file,
      fileSize: size,
      md5: hashed.md5,
      partSize: PART_SIZE.default,
      metadata,
    });
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 409 && error.data?.bagName) return { file, status: 'DUPLICATE', bagName: String(error.data.bagName) };
    throw error;
  }
  const { uploadId, partSize, partCount } = state.upload as { uploadId: string; partSize: number; partCount: number };
  const held = new Set(state.parts.map((part) => part.partNumber));
  let sentBytes = state.parts.reduce((total, part) => total + part.size, 0);
  const pending = Array.from({ length: partCount }, (_, index) => index + 1).filter((partNumber) => !held.has(partNumber));
  const worker = async () => {
    for (let partNumber = pending.shift(); partNumber !== undefined; partNumber = pending.shift()) {
      const bytes = await readPart(path, (partNumber - 1) * partSize, Math.min(partSize, size - (partNumber - 1) * partSize));
      // The server may have chosen larger parts (a file of more than 10,000 of ours): then each is hashed as it goes.
      await sendPart(api, uploadId, partNumber, bytes, partSize === PART_SIZE.default ? hashed.parts[partNumber - 1] : undefined);
      sentBytes += bytes.length;
      onProgress?.({ file, stage: 'uploading', sentBytes, totalBytes: size });
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  await api.call('POST', '/data/lake/upload/complete', { uploadId });
  if (pollMs === 0) return { file, status: 'RECEIVED' };
  for (;;) {
    const { upload } = await api.call<UploadState>('GET', '/data/lake/upload/status', undefined, { uploadId });
    onProgress?.({ file, stage: String(upload.stage), sentBytes: size, totalBytes: size });
    if (upload.status === 'SUCCESS') return { file, status: 'SUCCESS', bagId: Number(upload.bag) };
    if (upload.status === 'FAILED') return { file, status: 'FAILED', reason: String(upload.failure) };
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

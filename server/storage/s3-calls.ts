import { S3ServiceException, type S3Client } from '@aws-sdk/client-s3';
import { InvalidPartError, ObjectNotFoundError, PartChecksumError, RangeNotSatisfiableError, type Body } from './object-store';
import { exactLength, readAll } from './s3-streams';
import { asStoreFailure } from './storage-failure';

/** What the S3 store's parts share: the client, the bucket, and how a call's body and failure are shaped. */
export interface S3Target {
  client: S3Client;
  bucket: string;
  /** A part of unknown size given to uploadPart is buffered up to this (default 64 MiB); pass the size to stream it. */
  maxBufferedPart?: number;
}

/** S3's error names as the store's own errors, S3 or the way to it failing as a StoreFailureError; anything else passes unchanged. */
function translate(error: unknown, key: string, uploadId?: string): never {
  if (error instanceof S3ServiceException) {
    if (error.name === 'NoSuchUpload') throw new ObjectNotFoundError(key, uploadId);
    if (error.name === 'NoSuchKey' || error.name === 'NotFound') throw new ObjectNotFoundError(key);
    if (error.name === 'InvalidRange') throw new RangeNotSatisfiableError(error.message);
    if (['InvalidPart', 'InvalidPartOrder', 'EntityTooSmall'].includes(error.name)) throw new InvalidPartError(error.message);
    if (['BadDigest', 'InvalidDigest'].includes(error.name)) throw new PartChecksumError(error.message);
  }
  throw asStoreFailure(error);
}

/** One SDK call, its failure as the store's errors; `abort` belongs to a streamed body and, fired, holds the real cause. */
export async function call<T>(key: string, run: () => Promise<T>, uploadId?: string, abort?: AbortController): Promise<T> {
  return run().catch((error: unknown) => {
    if (abort?.signal.aborted && !(error instanceof S3ServiceException)) throw abort.signal.reason; // the body's fault, not the server's
    return translate(error, key, uploadId);
  });
}

export interface SizedBody {
  payload: Body;
  length: number;
  /** Pass its signal to the call: a stream that breaks its announced length aborts the request. */
  abort: AbortController;
}

/** S3 wants every request's length up front: a Buffer has it, a stream is held to `size`, or else read whole (up to a limit). */
export async function sized(body: Body, size: number | undefined, maxBuffered = 64 * 1024 ** 2): Promise<SizedBody> {
  const abort = new AbortController();
  if (Buffer.isBuffer(body) && size !== undefined && size !== body.length) throw new Error(`Expected ${size} bytes, received ${body.length}`);
  if (size !== undefined && !Buffer.isBuffer(body)) return { payload: exactLength(body, size, (error) => abort.abort(error)), length: size, abort };
  const payload = Buffer.isBuffer(body) ? body : await readAll(body, maxBuffered);
  return { payload, length: payload.length, abort };
}

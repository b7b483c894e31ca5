import { S3ServiceException } from '@aws-sdk/client-s3';

/**
 * What a store's failure says of the store rather than of the request: it is full, or it cannot be reached right
 * now. Either passes (space is freed, the endpoint comes back), so the caller is told to come back, not that the
 * server broke.
 */
export type StorageFailure = 'full' | 'unavailable';

/**
 * A store that failed so, as its callers see it: the stores turn their own errors (a disk's, S3's) into this one,
 * and only theirs, so that a database or a client going away is never taken for the store.
 */
export class StoreFailureError extends Error {
  override name = 'StoreFailureError';
  constructor(
    readonly failure: StorageFailure,
    cause: unknown,
  ) {
    super(`The object store is ${failure === 'full' ? 'full' : 'unavailable'}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** A disk, or a user's quota on it, with no room left. */
const FULL = new Set(['ENOSPC', 'EDQUOT']);

/**
 * The way to the store has gone: the network to an S3 endpoint (refused, reset, timed out, no route, no name), or,
 * for a local store on a network mount or a failing disk, the mount or the device (EIO, ESTALE, ENOTCONN, EROFS).
 */
const AWAY = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
  'ENOTFOUND',
  'EIO',
  'ESTALE',
  'ENOTCONN',
  'EROFS',
]);

/** What S3-compatible servers answer when out of room (MinIO's code, and HTTP's 507). */
const FULL_S3 = new Set(['XMinioStorageFull', 'InsufficientStorage']);

/**
 * Whether `error`, raised by a store's disk or connection (or a stream read from it), is the store being full or
 * away; undefined for any other error. Only for errors known to come from the store: the codes are the system's.
 */
export function failureOf(error: unknown): StorageFailure | undefined {
  if (error instanceof StoreFailureError) return error.failure;
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode ?? 0;
    if (FULL_S3.has(error.name) || status === 507) return 'full';
    return status >= 500 ? 'unavailable' : undefined; // InternalError, ServiceUnavailable, SlowDown: S3's own "try again"
  }
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  if (typeof code === 'string' && FULL.has(code)) return 'full';
  if ((typeof code === 'string' && AWAY.has(code)) || name === 'TimeoutError') return 'unavailable'; // the SDK's connection timeout
  return undefined;
}

/** A store's own error as a StoreFailureError when it says the store is full or away; any other unchanged. */
export function asStoreFailure(error: unknown): unknown {
  const failure = error instanceof StoreFailureError ? undefined : failureOf(error);
  return failure ? new StoreFailureError(failure, error) : error;
}

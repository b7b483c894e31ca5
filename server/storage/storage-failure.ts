import { S3ServiceException } from '@aws-sdk/client-s3';

/**
 * What a store's failure says of the store rather than of the request: it is full, or it cannot be reached right
 * now. Either passes (space is freed, the endpoint comes back), so the caller is told to come back, not that the
 * server broke; anything else is no state of the store and stays an error of its own.
 */
export type StorageFailure = 'full' | 'unavailable';

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

/** Whether `error` is the store being full or away; undefined for any other error. */
export function storageFailureOf(error: unknown): StorageFailure | undefined {
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

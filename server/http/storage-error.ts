import { StoreFailureError } from '../storage/storage-failure';
import { ApiError } from './api-error';

/** How long a client waits before it tries a store that could not be reached again (Retry-After). */
const RETRY_AFTER_SECONDS = 10;

/**
 * The store being full (507 Insufficient Storage) or away (503, come back shortly) as the user hears it, in both
 * languages; undefined for any other error. `reading`: the request only read, so nothing of it was to be stored.
 */
export function storageError(error: unknown, { reading }: { reading: boolean }): ApiError | undefined {
  const failure = error instanceof StoreFailureError ? error.failure : undefined;
  if (failure === 'full') return new ApiError(507, 'errors:storageFull');
  if (failure === 'unavailable')
    return new ApiError(503, reading ? 'errors:storageUnreadable' : 'errors:storageUnavailable', {}, { retryAfterSeconds: RETRY_AFTER_SECONDS });
  return undefined;
}

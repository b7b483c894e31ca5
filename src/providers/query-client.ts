import { QueryClient } from '@tanstack/react-query';
import { HttpError } from './http-errors';

/** Spec §9 query behaviour. */
export const QUERY_CACHE_MS = 5 * 60_000;
export const QUERY_RETRIES = 3;
export const MAX_RETRY_DELAY_MS = 30_000;
/** The same data asked again this soon is not fetched again. */
export const DEDUPE_MS = 2_000;

/** Exponential: 1 s, 2 s, 4 s, ... never more than 30 s. */
export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, MAX_RETRY_DELAY_MS);

/** Up to 3 retries; a refusal (4xx) would only be refused again, so it is not retried. */
export const shouldRetry = (failureCount: number, error: unknown) => {
  const status = error instanceof HttpError ? error.statusCode : undefined;
  return failureCount < QUERY_RETRIES && !(status && status >= 400 && status < 500);
};

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { gcTime: QUERY_CACHE_MS, retry: shouldRetry, retryDelay, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });

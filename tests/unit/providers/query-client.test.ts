import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../src/providers/http-errors';
import { createQueryClient, retryDelay, shouldRetry } from '../../../src/providers/query-client';

describe('query options (spec §9)', () => {
  const options = createQueryClient().getDefaultOptions().queries!;

  it('keeps results 5 minutes and does not refetch on focus', () => {
    expect(options.gcTime).toBe(5 * 60_000);
    expect(options.refetchOnWindowFocus).toBe(false);
    expect(options.retry).toBe(shouldRetry);
  });

  it('retries a failed query 3 times', () => {
    const serverError = new HttpError('x', 500);
    expect([0, 1, 2, 3].map((count) => shouldRetry(count, serverError))).toEqual([true, true, true, false]);
    expect(shouldRetry(0, new Error('network'))).toBe(true);
  });

  it('does not retry a refusal (4xx): it would be refused again', () => {
    for (const status of [400, 401, 403, 404]) expect(shouldRetry(0, new HttpError('x', status))).toBe(false);
  });

  it('waits exponentially, never more than 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

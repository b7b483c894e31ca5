import type { Db } from '../db/tables';
import { ApiError } from '../http/api-error';
import { clear, hit, peek, stepBackOff } from './rate-counters';

/**
 * Password guessing is slowed per (account, address) pair, so nobody can lock anyone else out:
 * after `freeFailures` failures of a pair its next attempt waits `firstDelayMs`, doubling with each
 * further failure up to `maxDelayMs`; the pair is forgotten `memoryMs` after its last failure, and
 * a success clears it. Across all addresses an account takes at most `account.max` failures per
 * `account.windowMs` window, then 429 for the rest of that window. No address is locked out for
 * its failures alone (its request ceilings are in server/http/rate-limit.ts).
 */
export const SIGN_IN_LIMITS = {
  pair: { freeFailures: 3, firstDelayMs: 1_000, maxDelayMs: 5 * 60_000, memoryMs: 15 * 60_000 },
  account: { max: 100, windowMs: 5 * 60_000 },
} as const;

/** How long a pair waits after its n-th failure before it may try again. */
export function pairDelayMs(failures: number): number {
  const { freeFailures, firstDelayMs, maxDelayMs } = SIGN_IN_LIMITS.pair;
  return failures < freeFailures ? 0 : Math.min(firstDelayMs * 2 ** (failures - freeFailures), maxDelayMs);
}

export interface SignInKeys {
  account: string;
  pair: string;
}

export const signInKeys = (tenantCode: string, code: string, address: string): SignInKeys => ({
  account: `sign-in:account:${JSON.stringify([tenantCode, code])}`,
  pair: `sign-in:pair:${JSON.stringify([tenantCode, code, address])}`,
});

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Call right before checking a password. Throws 429 while the account is at its ceiling or the pair
 * must still wait; otherwise counts the attempt as a failure of the pair in advance (so parallel
 * attempts cannot share one opening): `forgiveSignIn` takes it back when the password is right.
 */
export async function claimSignInAttempt(db: Db, keys: SignInKeys, now: Date): Promise<void> {
  const account = await peek(db, keys.account, now);
  if (account && account.count >= SIGN_IN_LIMITS.account.max) {
    const wait = seconds(account.windowEnd.getTime() - now.getTime());
    throw new ApiError(429, 'errors:tooManyFailures', { minutes: Math.ceil(wait / 60) }, { retryAfterSeconds: wait });
  }
  const refused = await stepBackOff(db, keys.pair, { memoryMs: SIGN_IN_LIMITS.pair.memoryMs, waitMs: pairDelayMs }, now);
  if (refused) {
    const wait = seconds(refused.retryAfterMs);
    throw new ApiError(429, 'errors:signInBackOff', { seconds: wait }, { retryAfterSeconds: wait });
  }
}

/** A wrong password: the pair has already counted it; the account's ceiling counts it now. */
export async function recordSignInFailure(db: Db, keys: SignInKeys, now: Date): Promise<void> {
  await hit(db, keys.account, SIGN_IN_LIMITS.account.windowMs, now);
}

/** The right password clears its pair (the account's window keeps its count). */
export const forgiveSignIn = (db: Db, keys: SignInKeys) => clear(db, keys.pair);

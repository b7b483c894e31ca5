import type { Db } from '../db/tables';
import { ApiError } from '../http/api-error';
import { clear, hit, peek } from './rate-counters';

/** Failed sign-ins allowed per account and per address before both are refused for the rest of the window. */
export const SIGN_IN_LIMITS = {
  account: { max: 5, windowMs: 15 * 60_000 },
  address: { max: 20, windowMs: 15 * 60_000 },
} as const;

export interface SignInKeys {
  account: string;
  address: string;
}

export const signInKeys = (tenantCode: string, code: string, address: string): SignInKeys => ({
  account: `sign-in:account:${JSON.stringify([tenantCode, code])}`,
  address: `sign-in:address:${address}`,
});

/** Throws 429 while either counter is at its limit. */
export async function assertSignInAllowed(db: Db, keys: SignInKeys, now: Date): Promise<void> {
  for (const scope of ['account', 'address'] as const) {
    const count = await peek(db, keys[scope], now);
    if (count && count.count >= SIGN_IN_LIMITS[scope].max) {
      const seconds = Math.ceil((count.windowEnd.getTime() - now.getTime()) / 1000);
      throw new ApiError(429, 'errors:tooManyFailures', { minutes: Math.ceil(seconds / 60) }, { retryAfterSeconds: seconds });
    }
  }
}

export async function recordSignInFailure(db: Db, keys: SignInKeys, now: Date): Promise<void> {
  await hit(db, keys.account, SIGN_IN_LIMITS.account.windowMs, now);
  await hit(db, keys.address, SIGN_IN_LIMITS.address.windowMs, now);
}

/** A successful sign-in forgives the account's earlier failures (the address keeps its count). */
export const forgiveAccount = (db: Db, keys: SignInKeys) => clear(db, keys.account);

import type { Clock } from '../clock';
import type { Db } from '../db/tables';
import { NONCE_TTL_MS } from './nonces';

/** Expired nonces, idle sessions and finished rate windows are deleted in the background. */
export async function sweep(db: Db, now: Date, sessionIdleMs: number): Promise<void> {
  await db
    .deleteFrom('nonces')
    .where('expiresTime', '<', new Date(now.getTime() - NONCE_TTL_MS))
    .execute();
  await db
    .deleteFrom('sessions')
    .where('lastSeenTime', '<', new Date(now.getTime() - sessionIdleMs))
    .execute();
  await db.deleteFrom('rateCounters').where('windowEnd', '<', now).execute();
}

export function startHousekeeping(db: Db, clock: Clock, sessionIdleMs: number, onError: (error: unknown) => void): () => void {
  const timer = setInterval(() => sweep(db, clock(), sessionIdleMs).catch(onError), 10 * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}

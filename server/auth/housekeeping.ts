import type { Db } from '../db/tables';
import { NONCE_TTL_MS } from './nonces';

/** Expired nonces, idle sessions and finished rate windows are deleted in the background (the `auth.sweep` job, server/modules/housekeeping). */
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

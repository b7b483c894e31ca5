import type { Db } from '../db/tables';
import { sha256Hex } from './cipher';
import { randomToken } from './random';

/** Writing last-seen on every request would cost a write per call; a minute's precision is plenty. */
const TOUCH_AFTER_MS = 60_000;

export interface SessionOwner {
  accountId: number;
  tenantId: number;
}

/** A 256-bit random sessionKey; only its SHA-256 is stored. */
export async function openSession(db: Db, owner: SessionOwner, now: Date): Promise<string> {
  const sessionKey = randomToken(32);
  await db
    .insertInto('sessions')
    .values({ keyHash: sha256Hex(sessionKey), ...owner, createdTime: now, lastSeenTime: now })
    .execute();
  return sessionKey;
}

/** The owner of a live session; an idle one is deleted and treated as unknown. */
export async function findSession(db: Db, sessionKey: string, now: Date, idleMs: number): Promise<SessionOwner | null> {
  const keyHash = sha256Hex(sessionKey);
  const row = await db.selectFrom('sessions').select(['accountId', 'tenantId', 'lastSeenTime']).where('keyHash', '=', keyHash).executeTakeFirst();
  if (!row) return null;
  const idle = now.getTime() - row.lastSeenTime.getTime();
  if (idle > idleMs) {
    await closeSession(db, sessionKey);
    return null;
  }
  if (idle > TOUCH_AFTER_MS) await db.updateTable('sessions').set({ lastSeenTime: now }).where('keyHash', '=', keyHash).execute();
  return { accountId: row.accountId, tenantId: row.tenantId };
}

export async function closeSession(db: Db, sessionKey: string): Promise<void> {
  await db.deleteFrom('sessions').where('keyHash', '=', sha256Hex(sessionKey)).execute();
}

export async function closeAccountSessions(db: Db, accountId: number): Promise<void> {
  await db.deleteFrom('sessions').where('accountId', '=', accountId).execute();
}

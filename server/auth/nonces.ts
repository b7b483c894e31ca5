import type { Db } from '../db/tables';
import { randomAlphanumeric, randomToken } from './random';

/** Nonces are single use and live 60 seconds. */
export const NONCE_TTL_MS = 60_000;
/** Shorter than 32 so the spec's '0' padding applies, long enough for 142 bits of key. */
const RANDOM_KEY_LENGTH = 24;

export async function issueNonce(db: Db, now: Date): Promise<{ id: string; randomKey: string }> {
  const nonce = { id: randomToken(18), randomKey: randomAlphanumeric(RANDOM_KEY_LENGTH) };
  await db
    .insertInto('nonces')
    .values({ ...nonce, expiresTime: new Date(now.getTime() + NONCE_TTL_MS) })
    .execute();
  return nonce;
}

/** Takes the nonce out of the database (so it can never be used twice) and returns its key if still fresh. */
export async function consumeNonce(db: Db, id: string, now: Date): Promise<string | null> {
  const row = await db.deleteFrom('nonces').where('id', '=', id).returning(['randomKey', 'expiresTime']).executeTakeFirst();
  return row && row.expiresTime > now ? row.randomKey : null;
}

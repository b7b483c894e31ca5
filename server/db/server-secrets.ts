import { randomBytes } from 'node:crypto';
import type { Db } from './tables';

/**
 * A secret of the server's own, made at its first use and kept in the database, so that every
 * process (and every restart) signs and checks with the same one. Whoever inserts first wins.
 */
export async function serverSecret(db: Db, name: string, now: Date): Promise<string> {
  await db
    .insertInto('serverSecrets')
    .values({ name, value: randomBytes(32).toString('base64url'), createdTime: now })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  return (await db.selectFrom('serverSecrets').select('value').where('name', '=', name).executeTakeFirstOrThrow()).value;
}

import { sql } from 'kysely';
import type { Db } from '../db/tables';

/** Fixed-window counters kept in the database, so every server process sees the same counts. */
export interface Count {
  count: number;
  windowEnd: Date;
}

export async function hit(db: Db, key: string, windowMs: number, now: Date): Promise<Count> {
  const windowEnd = new Date(now.getTime() + windowMs);
  const expired = sql<boolean>`rate_counters.window_end <= ${now}`;
  return db
    .insertInto('rateCounters')
    .values({ key, count: 1, windowEnd })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        count: sql`case when ${expired} then 1 else rate_counters.count + 1 end`,
        windowEnd: sql`case when ${expired} then ${windowEnd} else rate_counters.window_end end`,
      }),
    )
    .returning(['count', 'windowEnd'])
    .executeTakeFirstOrThrow();
}

export async function peek(db: Db, key: string, now: Date): Promise<Count | null> {
  const row = await db.selectFrom('rateCounters').select(['count', 'windowEnd']).where('key', '=', key).executeTakeFirst();
  return row && row.windowEnd > now ? row : null;
}

export async function clear(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rateCounters').where('key', '=', key).execute();
}

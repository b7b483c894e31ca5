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

/**
 * One step of a back-off counter, forgotten `memoryMs` after its last step (its window ends then).
 * The step is refused while `waitMs(count)` has not passed since the last step: then nothing changes
 * and the wait left is returned. Under a row lock, so concurrent callers in any process take turns
 * and a burst cannot slip several steps through one opening.
 */
export async function stepBackOff(
  db: Db,
  key: string,
  { memoryMs, waitMs }: { memoryMs: number; waitMs: (count: number) => number },
  now: Date,
): Promise<{ retryAfterMs: number } | null> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('rateCounters')
      .values({ key, count: 0, windowEnd: now })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .execute();
    const row = await trx.selectFrom('rateCounters').select(['count', 'windowEnd']).where('key', '=', key).forUpdate().executeTakeFirstOrThrow();
    const count = row.windowEnd > now ? row.count : 0;
    const retryAfterMs = row.windowEnd.getTime() - memoryMs + waitMs(count) - now.getTime();
    if (count > 0 && retryAfterMs > 0) return { retryAfterMs };
    await trx
      .updateTable('rateCounters')
      .set({ count: count + 1, windowEnd: new Date(now.getTime() + memoryMs) })
      .where('key', '=', key)
      .execute();
    return null;
  });
}

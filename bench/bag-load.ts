import { sql } from 'kysely';
import { bagFactory } from '../server/modules/demo/demo-bags';
import type { Db } from '../server/db/tables';
import { snake } from '../server/engine/naming';

const BATCH = 5_000;

/**
 * Loads `total` bags spread over the given spaces by their shares, interleaved batch by batch as
 * uploads of several teams would arrive (so no space's rows sit together on disk), recorded over
 * the last `days` days. One statement per batch: the rows travel as one JSON parameter.
 */
export async function loadBags(db: Db, spaces: { id: number; share: number }[], total: number, now: Date, days: number, progress: (done: number) => void) {
  const plans = spaces.map((space, index) => ({
    ...space,
    left: Math.round(total * space.share),
    make: bagFactory(space.id, now, { seed: 1000 + index, days }),
  }));
  let done = 0;
  while (plans.some((plan) => plan.left > 0)) {
    const rows: Record<string, unknown>[] = [];
    for (const plan of plans) {
      // Each batch holds every space's share of it, so the spaces finish together.
      const take = Math.min(plan.left, Math.ceil(BATCH * plan.share));
      for (let index = 0; index < take; index += 1) rows.push(Object.fromEntries(Object.entries(plan.make()).map(([key, value]) => [snake(key), value])));
      plan.left -= take;
    }
    const columns = sql.raw(Object.keys(rows[0]!).join(', '));
    await sql`insert into bags (${columns}) select ${columns} from json_populate_recordset(null::bags, ${JSON.stringify(rows)})`.execute(db);
    done += rows.length;
    progress(done);
  }
}

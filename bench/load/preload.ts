import { sql } from 'kysely';
import { openDatabase, type DatabaseTarget } from '../../server/db/connect';
import { loadBags } from '../bag-load';
import { fleet } from '../robot-fleet';

/**
 * What the seeded demo lacks for a load of this size, written straight into the database while no
 * server holds it: `bags` more bags in the demo space over the last year (what its lists page
 * through and its CSV export reads), and `robots` robots with keys to report with. Then the planner's
 * statistics, as the server's own vacuum would have them.
 */
export async function preload(target: DatabaseTarget, bags: number, robots: number, log: (text: string) => void): Promise<void> {
  const database = await openDatabase(target);
  try {
    const db = database.db;
    const now = new Date();
    const demo = await db.selectFrom('tenants').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow();
    const began = performance.now();
    await loadBags(db, [{ id: demo.id, share: 1 }], bags, now, 365, (done) => {
      if (done % 100_000 < 5_000) log(`  … ${done.toLocaleString('en')} bags`);
    });
    await fleet(db, demo.id, robots, now);
    // The tables only (a bare `vacuum` on PostgreSQL would visit every schema of the database).
    await sql`vacuum analyze bags, robots, robot_keys`.execute(db);
    log(`  ${bags.toLocaleString('en')} bags and ${robots} robots written in ${((performance.now() - began) / 1000).toFixed(0)} s`);
  } finally {
    await database.close();
  }
}

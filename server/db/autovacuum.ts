import { sql } from 'kysely';
import type { Db } from './tables';

interface TableActivity {
  relname: string;
  nLiveTup: number;
  nDeadTup: number;
  nModSinceAnalyze: number;
  nInsSinceVacuum: number;
}

/** PostgreSQL's autovacuum thresholds (its defaults): a floor of rows plus a share of the table. */
export function dueWork(table: TableActivity): 'vacuum' | 'analyze' | null {
  const live = Number(table.nLiveTup);
  if (Number(table.nDeadTup) > 50 + 0.2 * live || Number(table.nInsSinceVacuum) > 1000 + 0.2 * live) return 'vacuum';
  if (Number(table.nModSinceAnalyze) > 50 + 0.1 * live) return 'analyze';
  return null;
}

/**
 * PGlite runs no autovacuum daemon. Left alone, its statistics go stale (the planner keeps plans
 * made for yesterday's table sizes) and index-only scans must read rows. This does what autovacuum
 * would, table by table; it returns what it did. The `db.vacuum` job (server/modules/housekeeping) runs it.
 */
export async function vacuumWhereDue(db: Db): Promise<string[]> {
  // Activity counts reach the statistics when a session goes idle; PGlite's one session seldom does.
  await sql`select pg_stat_force_next_flush()`.execute(db);
  const { rows } = await sql<TableActivity>`
    select relname, n_live_tup, n_dead_tup, n_mod_since_analyze, n_ins_since_vacuum
    from pg_stat_user_tables where schemaname = current_schema() order by relname`.execute(db);
  const done: string[] = [];
  for (const table of rows) {
    const work = dueWork(table);
    if (!work) continue;
    await sql`${sql.raw(work === 'vacuum' ? 'vacuum (analyze)' : 'analyze')} ${sql.table(table.relname)}`.execute(db);
    done.push(`${work} ${table.relname}`);
  }
  return done;
}

/**
 * Vacuums and analyzes every table of the schema: once, right after a first start has filled them.
 * Autovacuum would analyze them soon, but never vacuum a table of under 1,000 inserted rows (the
 * demo space's): without a visibility map every index-only scan of its lists reads rows as well.
 */
export async function vacuumEverything(db: Db): Promise<void> {
  const { rows } = await sql<{ relname: string }>`select relname from pg_stat_user_tables where schemaname = current_schema() order by relname`.execute(db);
  for (const { relname } of rows) await sql`vacuum (analyze) ${sql.table(relname)}`.execute(db);
}

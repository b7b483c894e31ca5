import { sql } from 'kysely';
import { bulkTurn } from '../http/bulk-turns';
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
 * What each table's count of changes stood at when this process last analyzed it. Analyzing a few columns at a
 * time (analyzeInTurns) leaves PostgreSQL's own count as it was; PGlite starts every process with its counts at
 * zero, as this starts empty.
 */
export type AnalyzedAt = Map<string, number>;

/**
 * PGlite runs no autovacuum daemon. Left alone, its statistics go stale (the planner keeps plans
 * made for yesterday's table sizes) and index-only scans must read rows. This does what autovacuum
 * would, table by table; it returns what it did. The `db.vacuum` job (server/modules/housekeeping) runs it.
 * A table's size is the larger of its live rows counted since the start and those its last analysis found:
 * the counts start at zero, and a table of 200,000 rows taken for an empty one was analyzed after 50 changes.
 */
export async function vacuumWhereDue(db: Db, analyzedAt: AnalyzedAt): Promise<string[]> {
  // Activity counts reach the statistics when a session goes idle; PGlite's one session seldom does.
  await sql`select pg_stat_force_next_flush()`.execute(db);
  const { rows } = await sql<TableActivity>`
    select s.relname, greatest(s.n_live_tup, c.reltuples::bigint) as n_live_tup, s.n_dead_tup, s.n_mod_since_analyze, s.n_ins_since_vacuum
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.schemaname = current_schema() order by s.relname`.execute(db);
  const done: string[] = [];
  for (const table of rows) {
    const counted = Number(table.nModSinceAnalyze);
    const since = analyzedAt.get(table.relname) ?? 0;
    const work = dueWork({ ...table, nModSinceAnalyze: counted >= since ? counted - since : counted });
    if (!work) continue;
    if (work === 'vacuum') await sql`vacuum ${sql.table(table.relname)}`.execute(db);
    await analyzeInTurns(db, table.relname);
    analyzedAt.set(table.relname, counted);
    done.push(`${work} ${table.relname}`);
  }
  return done;
}

/** Columns one ANALYZE statement takes: each statement samples the table once, and works out each column's figures. */
const COLUMNS_PER_STATEMENT = 8;

/**
 * Analyzes a table a few columns a statement, other requests answered between them. One ANALYZE samples 300 rows
 * per unit of the highest statistics target among its columns: a searched name's 1,000 (SEARCH_STATISTICS) made it
 * read every row of a table of up to 300,000 and work every column's figures out of them, 11 s for 200,000 bags with
 * nothing else answered on the embedded database's one thread. Such a column is analyzed alone.
 */
export async function analyzeInTurns(db: Db, table: string): Promise<void> {
  const { rows } = await sql<{ name: string; raised: boolean }>`
    select attname as name, coalesce(nullif(attstattarget, -1), 0) > current_setting('default_statistics_target')::int as raised
    from pg_attribute where attrelid = to_regclass(${table}) and attnum > 0 and not attisdropped order by attnum`.execute(db);
  const usual = rows.filter((column) => !column.raised).map((column) => column.name);
  const statements = [
    ...rows.filter((column) => column.raised).map((column) => [column.name]),
    ...Array.from({ length: Math.ceil(usual.length / COLUMNS_PER_STATEMENT) }, (_, index) =>
      usual.slice(index * COLUMNS_PER_STATEMENT, (index + 1) * COLUMNS_PER_STATEMENT),
    ),
  ];
  for (const columns of statements) {
    await bulkTurn();
    await sql`analyze ${sql.table(table)} (${sql.join(columns.map((column) => sql.id(column)))})`.execute(db);
  }
}

/**
 * Vacuums and analyzes every table of the schema: once, right after a first start has filled them.
 * Autovacuum would analyze them soon, but never vacuum a table of under 1,000 inserted rows (the
 * demo space's): without a visibility map every index-only scan of its lists reads rows as well.
 */
export async function vacuumEverything(db: Db): Promise<void> {
  const { rows } = await sql<{ relname: string }>`select relname from pg_stat_user_tables where schemaname = current_schema() order by relname`.execute(db);
  for (const { relname } of rows) {
    await sql`vacuum ${sql.table(relname)}`.execute(db);
    await analyzeInTurns(db, relname);
  }
}

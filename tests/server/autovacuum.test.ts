import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { analyzeInTurns, dueWork, vacuumWhereDue, type AnalyzedAt } from '../../server/db/autovacuum';
import { openDatabase, type Database } from '../../server/db/connect';

/** The turns bulk work takes (it waits behind the requests being answered), counted. */
const turns = vi.hoisted(() => ({ taken: 0 }));
vi.mock('../../server/http/bulk-turns', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../server/http/bulk-turns')>();
  return { ...actual, bulkTurn: async (mostMs?: number) => ((turns.taken += 1), actual.bulkTurn(mostMs)) };
});

/** PGlite has no autovacuum daemon; the server does its work (on PostgreSQL the daemon does). */
let database: Database;
const analyzedAt: AnalyzedAt = new Map();
beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite', dir: 'memory://' });
  await sql`create table readings (id int primary key, value int)`.execute(database.db);
});
afterAll(() => database.close());

const activity = (live: number, dead = 0, modified = 0, inserted = 0) => ({
  relname: 't',
  nLiveTup: live,
  nDeadTup: dead,
  nModSinceAnalyze: modified,
  nInsSinceVacuum: inserted,
});

describe('autovacuum for PGlite', () => {
  it("uses PostgreSQL's default thresholds", () => {
    expect(dueWork(activity(10_000, 2_051))).toBe('vacuum');
    expect(dueWork(activity(10_000, 2_050))).toBeNull();
    expect(dueWork(activity(10_000, 0, 0, 3_001))).toBe('vacuum');
    expect(dueWork(activity(10_000, 0, 1_051))).toBe('analyze');
    expect(dueWork(activity(10_000, 0, 1_050))).toBeNull();
  });

  it('vacuums and analyzes a table that changed enough, then leaves it alone', async () => {
    await sql`insert into readings select n, n from generate_series(1, 5000) as n`.execute(database.db);
    expect(await vacuumWhereDue(database.db, analyzedAt)).toContain('vacuum readings');
    const { rows } = await sql<{ lastVacuum: Date | null; lastAnalyze: Date | null }>`
      select last_vacuum, last_analyze from pg_stat_user_tables where relname = 'readings'`.execute(database.db);
    expect(rows[0]!.lastVacuum).not.toBeNull();
    expect(rows[0]!.lastAnalyze).not.toBeNull();
    expect(await vacuumWhereDue(database.db, analyzedAt)).not.toContain('vacuum readings');

    await sql`update readings set value = value + 1 where id <= 600`.execute(database.db);
    expect(await vacuumWhereDue(database.db, analyzedAt)).toContain('analyze readings');
    expect(await vacuumWhereDue(database.db, analyzedAt)).not.toContain('analyze readings');
  });

  it('takes a table for as large as its last analysis found once the counts started again at zero (a restart)', async () => {
    await sql`select pg_stat_reset()`.execute(database.db);
    const restarted: AnalyzedAt = new Map();
    await sql`update readings set value = value + 1 where id <= 100`.execute(database.db);
    expect(await vacuumWhereDue(database.db, restarted)).not.toContain('analyze readings'); // 100 of 5,000 rows
    await sql`update readings set value = value + 1 where id <= 500`.execute(database.db);
    expect(await vacuumWhereDue(database.db, restarted)).toContain('analyze readings'); // 600: more than 50 and a tenth
  });

  it('analyzes a searched column alone at its raised target and the others a few at a time, a turn between statements', async () => {
    const others = Array.from({ length: 11 }, (_, index) => `c${index}`);
    await sql`create table named (name text, ${sql.join(others.map((column) => sql`${sql.id(column)} int`))})`.execute(database.db);
    await sql`alter table named alter column name set statistics 1000`.execute(database.db);
    await sql`insert into named select 'name ' || n, ${sql.join(others.map(() => sql`n % 1000`))} from generate_series(1, 5000) as n`.execute(database.db);
    turns.taken = 0;
    await analyzeInTurns(database.db, 'named');
    expect(turns.taken).toBe(3); // the name; then 8 columns and 3
    const { rows } = await sql<{ attname: string; bounds: number }>`
      select attname, cardinality(histogram_bounds::text::text[]) as bounds from pg_stats where tablename = 'named'`.execute(database.db);
    const bounds = Object.fromEntries(rows.map((row) => [row.attname, row.bounds]));
    expect(Object.keys(bounds).sort()).toEqual(['name', ...others].sort());
    expect(bounds.name).toBe(1001);
    for (const column of others) expect(bounds[column]).toBe(101);
  });
});

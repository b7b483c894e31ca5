import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueWork, vacuumWhereDue } from '../../server/db/autovacuum';
import { openDatabase, type Database } from '../../server/db/connect';

/** PGlite has no autovacuum daemon; the server does its work (on PostgreSQL the daemon does). */
let database: Database;
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
    expect(await vacuumWhereDue(database.db)).toContain('vacuum readings');
    const { rows } = await sql<{ lastVacuum: Date | null; lastAnalyze: Date | null }>`
      select last_vacuum, last_analyze from pg_stat_user_tables where relname = 'readings'`.execute(database.db);
    expect(rows[0]!.lastVacuum).not.toBeNull();
    expect(rows[0]!.lastAnalyze).not.toBeNull();
    expect(await vacuumWhereDue(database.db)).not.toContain('vacuum readings');

    await sql`update readings set value = value + 1 where id <= 600`.execute(database.db);
    expect(await vacuumWhereDue(database.db)).toContain('analyze readings');
  });
});

import { sql, type Kysely } from 'kysely';

/**
 * The durable mark of the first start's seed (server/db/seed.ts): a database is seeded once, and
 * what was deleted or emptied since is never refilled. One row, written in the seeding transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('seed_mark')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('demo', 'boolean', (col) => col.notNull())
    .addColumn('seeded_time', 'timestamptz', (col) => col.notNull())
    .execute();
  // A database seeded before the mark existed has its tenants: it has been seeded, with the demo space if it has one.
  await sql`insert into seed_mark (id, demo, seeded_time)
    select 1, exists (select 1 from tenants where code = 'demo'), now() where exists (select 1 from tenants)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('seed_mark').ifExists().execute();
}

import type { Kysely } from 'kysely';

/**
 * The metrics a run reports (`##edp:metric loss=0.1 step=40`), a row per metric and report, beside
 * its log: `seq` numbers the run's reports from 1 (a line's metrics share it), `step` is the one the
 * run named, if any. Like the log's lines, the space is written by the run and no foreign key is
 * checked per row; the runs module deletes them with their instance or space.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('instance_metrics')
    .addColumn('tenant_id', 'bigint', (col) => col.notNull())
    .addColumn('instance_id', 'bigint', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('seq', 'bigint', (col) => col.notNull())
    .addColumn('step', 'bigint')
    .addColumn('value', 'float8', (col) => col.notNull())
    .addColumn('time', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('instance_metrics_pkey', ['instance_id', 'name', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('instance_metrics').ifExists().execute();
}

import type { Kysely } from 'kysely';

/**
 * Task runs' bookkeeping beside their entities: every line an instance printed (kept apart so a
 * long log never bloats the instances table; read newest first by its key), and every fire time
 * of a scheduled task with what came of it (an instance, or skipped because a run was still going).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('instance_logs')
    .addColumn('tenant_id', 'bigint', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('instance_id', 'bigint', (col) => col.notNull())
    .addColumn('seq', 'bigint', (col) => col.notNull())
    .addColumn('time', 'timestamptz', (col) => col.notNull())
    .addColumn('stream', 'smallint', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('instance_logs_pkey', ['instance_id', 'seq'])
    .execute();

  await db.schema
    .createTable('task_fires')
    .addColumn('tenant_id', 'bigint', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('task_id', 'bigint', (col) => col.notNull())
    .addColumn('due_time', 'timestamptz', (col) => col.notNull())
    .addColumn('fired_time', 'timestamptz', (col) => col.notNull())
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('instance_id', 'bigint')
    .addPrimaryKeyConstraint('task_fires_pkey', ['task_id', 'due_time'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('task_fires').ifExists().execute();
  await db.schema.dropTable('instance_logs').ifExists().execute();
}

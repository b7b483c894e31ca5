import type { Kysely } from 'kysely';

/**
 * The files a run produced (a training run's model, an export's artifact), a row each: where the
 * store keeps it, its size and SHA-256. What the run's success makes claims its files (a model
 * card, `model_card_id`; an export, `model_export_id`): they then outlive the run's instance and go
 * with what claimed them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('run_files')
    .addColumn('tenant_id', 'bigint', (col) => col.notNull())
    .addColumn('instance_id', 'bigint', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('object_key', 'text', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('stored_time', 'timestamptz', (col) => col.notNull())
    .addColumn('model_card_id', 'bigint')
    .addColumn('model_export_id', 'bigint')
    .addPrimaryKeyConstraint('run_files_pkey', ['instance_id', 'name'])
    .execute();
  await db.schema.createIndex('run_files_model_card').on('run_files').column('model_card_id').where('model_card_id', 'is not', null).execute();
  await db.schema.createIndex('run_files_model_export').on('run_files').column('model_export_id').where('model_export_id', 'is not', null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('run_files').ifExists().execute();
}

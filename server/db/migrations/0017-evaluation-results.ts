import type { Kysely } from 'kysely';

/**
 * What an evaluation run reports of each item it tried: whether it succeeded, how far it got (0-1),
 * how long it took and, failing, how. A row per record and item (the structured data evaluated), with
 * the robot and arms that recorded the item, copied so the overview groups without a join; a rerun
 * of the record replaces its rows. Written by the run with its token, deleted with the record.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('evaluation_results')
    .addColumn('tenant_id', 'bigint', (col) => col.notNull())
    .addColumn('evaluation_record_id', 'bigint', (col) => col.notNull())
    .addColumn('item_id', 'bigint', (col) => col.notNull())
    .addColumn('model_card_id', 'bigint', (col) => col.notNull())
    .addColumn('structured_dataset_id', 'bigint', (col) => col.notNull())
    .addColumn('robot_sn', 'text', (col) => col.notNull())
    .addColumn('left_arm_sn', 'text', (col) => col.notNull())
    .addColumn('right_arm_sn', 'text', (col) => col.notNull())
    .addColumn('success', 'boolean', (col) => col.notNull())
    .addColumn('progress', 'float8', (col) => col.notNull())
    .addColumn('duration_ms', 'bigint', (col) => col.notNull())
    .addColumn('failure_mode', 'text')
    .addColumn('time', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('evaluation_results_pkey', ['evaluation_record_id', 'item_id'])
    .execute();
  // The overview groups a space's results by dataset, model and robot.
  await db.schema
    .createIndex('evaluation_results_overview')
    .on('evaluation_results')
    .columns(['tenant_id', 'structured_dataset_id', 'model_card_id', 'robot_sn'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('evaluation_results').ifExists().execute();
}

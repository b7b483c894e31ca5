import type { Kysely } from 'kysely';

/**
 * What robots report, kept beside their entities, a row per robot rather than per topic, so a
 * heartbeat writes two rows whatever its topics. `robot_reports`: each topic's latest rate and last
 * message time (what the alarm engine and the robot's page read). `robot_minutes`: the heartbeat
 * history, one row per robot and minute, with its heartbeats and each topic's messages, so a year of
 * a thousand robots is rows of minutes, not of heartbeats, and older minutes are pruned.
 * `alarm_watches`: where each rule stands on each robot (the checks the condition held or was clear
 * on lately, the alarm it has firing). `config_deliveries`: each step of a configuration version's
 * way to its robot, for the robot's timeline.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const tenant = (table: ReturnType<Kysely<unknown>['schema']['createTable']>) =>
    table.addColumn('tenant_id', 'bigint', (col) => col.notNull().references('tenants.id').onDelete('cascade'));

  await tenant(db.schema.createTable('robot_reports'))
    .addColumn('robot_id', 'bigint', (col) => col.primaryKey())
    .addColumn('topics', 'jsonb', (col) => col.notNull())
    .addColumn('reported_time', 'timestamptz', (col) => col.notNull())
    .execute();

  await tenant(db.schema.createTable('robot_minutes'))
    .addColumn('robot_id', 'bigint', (col) => col.notNull())
    .addColumn('minute', 'timestamptz', (col) => col.notNull())
    .addColumn('heartbeats', 'integer', (col) => col.notNull())
    .addColumn('messages', 'jsonb', (col) => col.notNull())
    .addPrimaryKeyConstraint('robot_minutes_pkey', ['robot_id', 'minute'])
    .execute();
  // Retention deletes by age alone.
  await db.schema.createIndex('robot_minutes_minute').on('robot_minutes').column('minute').execute();

  await tenant(db.schema.createTable('alarm_watches'))
    .addColumn('rule_id', 'bigint', (col) => col.notNull())
    .addColumn('robot_id', 'bigint', (col) => col.notNull())
    .addColumn('topic', 'text', (col) => col.notNull())
    .addColumn('holds', 'jsonb', (col) => col.notNull())
    .addColumn('clears', 'jsonb', (col) => col.notNull())
    .addColumn('alarm_id', 'bigint')
    .addColumn('notified_time', 'timestamptz')
    .addPrimaryKeyConstraint('alarm_watches_pkey', ['rule_id', 'robot_id'])
    .execute();

  await tenant(db.schema.createTable('config_deliveries'))
    .addColumn('id', 'bigint', (col) => col.generatedAlwaysAsIdentity().primaryKey())
    .addColumn('robot_id', 'bigint', (col) => col.notNull())
    .addColumn('config_id', 'bigint', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('time', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('config_deliveries_robot_time').on('config_deliveries').columns(['robot_id', 'time']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['config_deliveries', 'alarm_watches', 'robot_minutes', 'robot_reports']) await db.schema.dropTable(table).ifExists().execute();
}

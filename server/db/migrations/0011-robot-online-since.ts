import type { Kysely } from 'kysely';

/**
 * When each robot's present stretch online began. A rule's window counts from then: a robot that
 * has just come back has not yet been silent on a topic for a window, whatever its last message
 * before it went away. Rows kept before this column count from their last report.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('robot_reports').addColumn('online_since', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('robot_reports').dropColumn('online_since').execute();
}

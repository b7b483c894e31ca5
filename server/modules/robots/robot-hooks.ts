import { sql } from 'kysely';
import type { EntityHooks } from '../../engine/hooks';

/**
 * A robot deleted takes what only it had along: its keys (which could report for nothing now), its
 * heartbeat figures and where the rules stood on it. Its alarms and configurations stay, as history.
 */
export const robotHooks: EntityHooks = {
  afterDelete: async ({ db }, rows) => {
    const ids = rows.map((row) => Number(row.id));
    for (const table of ['robot_keys', 'robot_reports', 'robot_minutes', 'alarm_watches'])
      await sql`delete from ${sql.table(table)} where robot_id = any(${ids}::bigint[])`.execute(db);
  },
};

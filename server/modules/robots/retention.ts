import { sql } from 'kysely';
import { HEARTBEAT_RETENTION_DAYS } from '../../../model/schemas/robot-report';
import type { Db } from '../../db/tables';
import { positiveInteger } from '../../env-integer';

const DAY_MS = 86_400_000;
/** Rows deleted per statement: a year's backlog goes in short steps, never one long lock. */
const BATCH = 20_000;

/** ROBOT_HEARTBEAT_RETENTION_DAYS: how long per-minute heartbeat figures are kept (the robot's page says so). */
export const retentionDays = (env: NodeJS.ProcessEnv = process.env) =>
  positiveInteger('ROBOT_HEARTBEAT_RETENTION_DAYS', env.ROBOT_HEARTBEAT_RETENTION_DAYS, HEARTBEAT_RETENTION_DAYS);

/** Deletes the heartbeat minutes and delivery steps older than the retention; returns how many minutes went. */
export async function pruneHeartbeats(db: Db, days: number, now: Date): Promise<number> {
  const before = new Date(now.getTime() - days * DAY_MS);
  let deleted = 0;
  for (;;) {
    const { numAffectedRows } = await sql`
      delete from robot_minutes where ctid = any(array(select ctid from robot_minutes where minute < ${before} limit ${BATCH}))`.execute(db);
    deleted += Number(numAffectedRows ?? 0);
    if (Number(numAffectedRows ?? 0) < BATCH) break;
  }
  await sql`delete from config_deliveries where time < ${before}`.execute(db);
  return deleted;
}

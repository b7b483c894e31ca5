import { sql } from 'kysely';
import type { RobotTimeline } from '../../../model/schemas/robot-report';
import type { Db } from '../../db/tables';

/** A timeline keeps to a few hundred heartbeat buckets, whatever its range. */
const BUCKETS = 360;
/** Alarms, deliveries and recordings drawn at most: a range holding more shows its latest. */
const EVENTS = 500;

const iso = (time: Date | null) => time?.toISOString() ?? null;

/**
 * What a robot's timeline draws over a range: its heartbeats per bucket (missing buckets are the
 * gaps), the alarms that overlap it, the steps of its configurations' deliveries, and the recordings
 * it made then.
 */
export async function robotTimelineOf(
  db: Db,
  robot: { id: number; tenantId: number; sn: string },
  range: { from: Date; to: Date },
  retentionDays: number,
): Promise<RobotTimeline> {
  const { from, to } = range;
  const bucketSeconds = Math.max(60, Math.ceil((to.getTime() - from.getTime()) / 1000 / BUCKETS / 60) * 60);
  const { rows: beats } = await sql<{ time: Date; count: string }>`
    select date_bin(${`${bucketSeconds} seconds`}::interval, minute, ${from}::timestamptz) as time, sum(heartbeats) as count
    from robot_minutes where robot_id = ${robot.id} and minute >= ${from} and minute <= ${to}
    group by 1 order by 1`.execute(db);
  const { rows: alarms } = await sql<{ id: number; kind: string; topic: string; alarmTime: Date; endTime: Date | null }>`
    select id, kind, topic, alarm_time, end_time from alarm_records
    where tenant_id = ${robot.tenantId} and robot_id = ${robot.id} and alarm_time <= ${to} and (end_time is null or end_time >= ${from})
    order by alarm_time desc limit ${EVENTS}`.execute(db);
  const { rows: deliveries } = await sql<{ time: Date; configId: number; name: string; version: number; status: string; message: string }>`
    select time, config_id, name, version, status, message from config_deliveries
    where robot_id = ${robot.id} and time >= ${from} and time <= ${to} order by time desc limit ${EVENTS}`.execute(db);
  const { rows: recordings } = await sql<{ id: number; bagName: string; bagStartTime: Date | null; bagEndTime: Date | null }>`
    select id, bag_name, bag_start_time, bag_end_time from bags
    where tenant_id = ${robot.tenantId} and robot_sn = ${robot.sn} and bag_start_time <= ${to} and coalesce(bag_end_time, bag_start_time) >= ${from}
    order by bag_start_time desc limit ${EVENTS}`.execute(db);
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    bucketSeconds,
    retentionDays,
    heartbeats: beats.map((row) => ({ time: row.time.toISOString(), count: Number(row.count) })),
    alarms: alarms.map((row) => ({ id: Number(row.id), kind: row.kind, topic: row.topic, start: row.alarmTime.toISOString(), end: iso(row.endTime) })),
    deliveries: deliveries.map((row) => ({ ...row, time: row.time.toISOString(), configId: Number(row.configId), version: Number(row.version) })),
    recordings: recordings.map((row) => ({ id: Number(row.id), name: row.bagName, start: iso(row.bagStartTime), end: iso(row.bagEndTime) })),
  };
}

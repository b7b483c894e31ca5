import { sql } from 'kysely';
import { alarmNotice } from '../../../model/schemas/alarm-notice';
import { alarmRecord } from '../../../model/schemas/alarm-record';
import type { Db } from '../../db/tables';
import { systemActor } from '../../engine/actor';
import type { RecordService } from '../../engine/record-service';
import { enqueue } from '../../jobs/enqueue';

export const WEBHOOK_JOB = 'robots.alarm-webhook';

/** An alarm rule's row as the engine reads it. */
export interface RuleRow {
  id: number;
  tenantId: number;
  name: string;
  appliesTo: string;
  robotType: string;
  robotSns: string[];
  lostTopic: string;
  frameRate: number | null;
  lossCount: number | null;
  lossWindow: number | null;
  cooldown: number;
  receivers: string[];
  webhookUrl: string;
}

/** What an alarm keeps of its rule: the rule as it was when it fired. */
export const ruleSnapshot = (rule: RuleRow) =>
  JSON.stringify({
    id: Number(rule.id),
    name: rule.name,
    appliesTo: rule.appliesTo,
    robotType: rule.robotType,
    lostTopic: rule.lostTopic,
    frameRate: rule.frameRate,
    lossCount: rule.lossCount,
    lossWindow: rule.lossWindow,
    cooldown: rule.cooldown,
  });

export interface NewAlarm {
  robotId: number;
  ruleId: number | null;
  kind: 'offline' | 'missing' | 'slow';
  topic: string;
  message: string;
  values: Record<string, unknown>;
  rule: string;
}

/** Raises alarms, firing from now; returns their ids in order. */
export async function raise(service: RecordService, tenantId: number, alarms: NewAlarm[], now: Date): Promise<number[]> {
  if (alarms.length === 0) return [];
  const made = await service.createMany(
    systemActor(tenantId),
    alarmRecord,
    alarms.map((alarm) => ({ ...alarm, values: JSON.stringify(alarm.values), alarmTime: now.toISOString(), state: 'firing' })),
  );
  return made.map((record) => Number(record.id));
}

/** Resolves firing alarms as of now: their end and how long they lasted. */
export async function resolve(service: RecordService, db: Db, tenantId: number, ids: number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  const { rows } = await sql<{ id: number; alarmTime: Date }>`
    select id, alarm_time from alarm_records where id = any(${ids}::bigint[]) and state = 'firing'`.execute(db);
  for (const row of rows)
    await service.update(systemActor(tenantId), alarmRecord, {
      id: Number(row.id),
      state: 'resolved',
      endTime: now.toISOString(),
      duration: Math.max(0, Math.round((now.getTime() - row.alarmTime.getTime()) / 1000)),
    });
}

/**
 * Tells an alarm's receivers (the accounts of the space among them; a name that is no account is
 * skipped) through the bell, and queues the webhooks of the rules it is told for.
 */
export async function notify(
  service: RecordService,
  db: Db,
  tenantId: number,
  alarmId: number,
  alarm: NewAlarm,
  receivers: string[],
  rules: RuleRow[],
  now: Date,
) {
  const wanted = [...new Set(receivers)];
  if (wanted.length) {
    const { rows } = await sql<{ code: string }>`select code from accounts where tenant_id = ${tenantId} and code = any(${wanted}::text[])`.execute(db);
    await service.createMany(
      systemActor(tenantId),
      alarmNotice,
      rows.map(({ code }) => ({ account: code, alarmId, robotId: alarm.robotId, kind: alarm.kind, topic: alarm.topic, alarmTime: now.toISOString() })),
    );
  }
  await hooks(db, alarmId, 'fired', rules, now);
}

/** Queues a webhook call per rule that has one; the jobs module retries each with backoff. */
export async function hooks(db: Db, alarmId: number, event: 'fired' | 'resolved', rules: RuleRow[], now: Date): Promise<void> {
  for (const rule of rules.filter((candidate) => candidate.webhookUrl))
    await enqueue(db, WEBHOOK_JOB, { alarmId, ruleId: Number(rule.id), event }, { now, singletonKey: `${WEBHOOK_JOB}:${alarmId}:${rule.id}:${event}` });
}

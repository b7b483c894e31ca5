import { sql } from 'kysely';
import { HEARTBEAT_INTERVAL_SECONDS } from '../../../model/schemas/robot-report';
import type { Db } from '../../db/tables';
import type { RecordService } from '../../engine/record-service';
import { hooks, notify, raise, resolve, ruleSnapshot, type NewAlarm, type RuleRow } from './alarms';
import { appliesSql } from './rule-scope';
import { examine, IDLE_WATCH, isIdle, step, termsOf, type Finding, type Watch } from './watch-step';

/**
 * A robot whose heartbeat is late is not checked: its topics' silence is its own, which goes offline
 * as one alarm; what was pending or firing on it waits, neither raised nor resolved, until it reports.
 */
const LATE_MS = HEARTBEAT_INTERVAL_SECONDS * 1500;

/** A robot the rule may have something to say about: one whose topic looks wrong now, or one it already watches. */
interface Candidate {
  robotId: number;
  sn: string;
  inScope: boolean;
  rate: number | null;
  lastMessageTime: Date | null;
  onlineSince: Date | null;
  holds: number[] | null;
  clears: number[] | null;
  alarmId: number | null;
  notifiedTime: Date | null;
  watchTopic: string | null;
}

/**
 * The online robots of the rule's space, reporting on time, whose topic is missing or below the rate
 * now, or that the rule already watches; a robot whose topic is fine and which nothing is pending on
 * costs no row.
 */
async function candidates(db: Db, rule: RuleRow, windowMs: number, now: Date): Promise<Candidate[]> {
  const inScope = appliesSql(rule);
  const { rows } = await sql<Candidate>`
    select r.id as robot_id, r.sn, (${inScope}) as in_scope, t.rate, t.last_message_time, t.online_since,
      w.holds, w.clears, w.alarm_id, w.notified_time, w.topic as watch_topic
    from robots r
    left join lateral (select (p.topics -> ${rule.lostTopic} ->> 'rate')::float8 as rate, (p.topics -> ${rule.lostTopic} ->> 'last')::timestamptz as last_message_time,
      p.online_since
      from robot_reports p where p.robot_id = r.id) t on true
    left join alarm_watches w on w.rule_id = ${rule.id} and w.robot_id = r.id
    where r.tenant_id = ${rule.tenantId} and r.status = 'online' and r.last_seen_time >= ${new Date(now.getTime() - LATE_MS)} and (
      w.rule_id is not null or ((${inScope}) and (coalesce(greatest(t.last_message_time, t.online_since), '-infinity') < ${new Date(now.getTime() - windowMs)}
        or t.rate < ${rule.frameRate ?? -1})))`.execute(db);
  return rows;
}

interface KeptWatch {
  robotId: number;
  watch: Watch;
  alarmId: number | null;
  notified: Date | null;
}

const message = (rule: RuleRow, finding: Finding, windowMs: number) =>
  finding.kind === 'slow'
    ? `${rule.lostTopic}: ${finding.rate?.toFixed(1)} Hz < ${rule.frameRate} Hz`
    : `${rule.lostTopic}: 0 / ${Math.round(windowMs / 1000)} s`;

/**
 * One check of one rule: each candidate's watch takes a step (watch-step.ts); a fire raises an
 * alarm and tells the receivers unless the rule told of this robot within its cooldown; a
 * resolution ends the alarm. A robot the rule no longer applies to, or a topic the rule no longer
 * watches, ends what was firing there.
 */
export async function evaluateRule(service: RecordService, db: Db, rule: RuleRow, now: Date): Promise<void> {
  const terms = termsOf(rule);
  const tenantId = Number(rule.tenantId);
  const at = now.getTime();
  const kept: KeptWatch[] = [];
  const ended: number[] = [];
  const forgotten: number[] = [];
  for (const row of await candidates(db, rule, terms.windowMs, now)) {
    const robotId = Number(row.robotId);
    const stale = row.watchTopic !== null && row.watchTopic !== rule.lostTopic;
    if (!row.inScope || stale) {
      if (row.alarmId) ended.push(Number(row.alarmId));
      if (!row.inScope) {
        forgotten.push(robotId);
        continue;
      }
    }
    const current: Watch =
      row.holds && !stale ? { holds: row.holds.map(Number), clears: (row.clears ?? []).map(Number), firing: row.alarmId !== null } : IDLE_WATCH;
    const seen =
      row.lastMessageTime || row.rate !== null
        ? { rate: row.rate === null ? null : Number(row.rate), lastMessageTime: row.lastMessageTime?.getTime() ?? null }
        : null;
    const finding = examine(terms, seen, at, row.onlineSince?.getTime() ?? null);
    const { watch, event } = step(current, terms, finding, at);
    let alarmId = stale ? null : row.alarmId === null ? null : Number(row.alarmId);
    let notified = row.notifiedTime;
    if (event === 'fire' && (finding.kind === 'missing' || finding.kind === 'slow')) {
      const alarm: NewAlarm = {
        robotId,
        ruleId: Number(rule.id),
        kind: finding.kind,
        topic: rule.lostTopic,
        message: message(rule, finding, terms.windowMs),
        values: {
          rate: finding.rate,
          lastMessageTime: seen?.lastMessageTime ? new Date(seen.lastMessageTime).toISOString() : null,
          windowSeconds: terms.windowMs / 1000,
          threshold: terms.frameRate,
        },
        rule: ruleSnapshot(rule),
      };
      [alarmId] = (await raise(service, tenantId, [alarm], now)) as [number];
      // Within the cooldown the alarm is kept but nobody is told again.
      if (!notified || at - notified.getTime() >= Number(rule.cooldown) * 1000) {
        await notify(service, db, tenantId, alarmId, alarm, rule.receivers, [rule], now);
        notified = now;
      }
    }
    if (event === 'resolve' && alarmId !== null) {
      ended.push(alarmId);
      alarmId = null;
    }
    kept.push({ robotId, watch, alarmId, notified });
  }
  await resolve(service, db, tenantId, ended, now);
  for (const id of ended) await hooks(db, id, 'resolved', [rule], now);
  await saveWatches(db, rule, kept, forgotten, at);
}

/** Keeps the watches with something pending, firing, or a cooldown still running; the rest keep no row. */
async function saveWatches(db: Db, rule: RuleRow, watches: KeptWatch[], forgotten: number[], at: number) {
  const cooling = (entry: KeptWatch) => entry.notified !== null && at - entry.notified.getTime() < Number(rule.cooldown) * 1000;
  const keep = watches.filter((entry) => !isIdle(entry.watch) || cooling(entry));
  const drop = [...forgotten, ...watches.filter((entry) => !keep.includes(entry)).map((entry) => entry.robotId)];
  if (drop.length) await sql`delete from alarm_watches where rule_id = ${rule.id} and robot_id = any(${drop}::bigint[])`.execute(db);
  if (!keep.length) return;
  await sql`
    insert into alarm_watches (tenant_id, rule_id, robot_id, topic, holds, clears, alarm_id, notified_time)
    select ${rule.tenantId}::bigint, ${rule.id}::bigint, robot_id, ${rule.lostTopic}::text, holds, clears, alarm_id, notified_time
    from unnest(${keep.map((entry) => entry.robotId)}::bigint[], ${keep.map((entry) => JSON.stringify(entry.watch.holds))}::jsonb[],
      ${keep.map((entry) => JSON.stringify(entry.watch.clears))}::jsonb[], ${keep.map((entry) => entry.alarmId)}::bigint[],
      ${keep.map((entry) => entry.notified)}::timestamptz[]) as given(robot_id, holds, clears, alarm_id, notified_time)
    on conflict (rule_id, robot_id) do update set topic = excluded.topic, holds = excluded.holds, clears = excluded.clears,
      alarm_id = excluded.alarm_id, notified_time = excluded.notified_time`.execute(db);
}

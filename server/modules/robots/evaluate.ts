import { sql } from 'kysely';
import { compileServer } from '../../../model/schemas/compile-server';
import { robot } from '../../../model/schemas/robot';
import { COMPILE_REPORT_INTERVAL_SECONDS, HEARTBEAT_INTERVAL_SECONDS, OFFLINE_AFTER_MISSED } from '../../../model/schemas/robot-report';
import { tryLockUntilCommit } from '../../db/advisory-locks';
import type { Db } from '../../db/tables';
import { systemActor } from '../../engine/actor';
import type { RecordService } from '../../engine/record-service';
import { notify, raise, resolve, type NewAlarm, type RuleRow } from './alarms';
import { evaluateRule } from './evaluate-rule';
import { applies } from './rule-scope';

const SILENT_MS = HEARTBEAT_INTERVAL_SECONDS * OFFLINE_AFTER_MISSED * 1000;
const SERVER_SILENT_MS = COMPILE_REPORT_INTERVAL_SECONDS * OFFLINE_AFTER_MISSED * 1000;

/**
 * One look of the alarm engine, in one transaction that holds the engine's lock (a second process,
 * or an overlapping due time, skips its look rather than doubling alarms): robots silent past their
 * missed heartbeats go offline with one alarm each and their topic alarms held (neither checked nor
 * resolved while they are silent); robots back online resolve theirs; compile servers silent past
 * their reports go offline; then every rule is checked on the online robots it applies to.
 */
export async function evaluate(records: RecordService, now: Date): Promise<boolean> {
  return records.transaction(async (service, db) => {
    if (!(await tryLockUntilCommit(db, 'alarmEvaluation'))) return false;
    const rules = (await sql<RuleRow>`select * from alarm_rules order by tenant_id, id`.execute(db)).rows;
    await robotsGoneSilent(service, db, rules, now);
    await robotsBack(service, db, now);
    await serversGoneSilent(service, db, now);
    for (const rule of rules) await evaluateRule(service, db, rule, now);
    return true;
  });
}

async function robotsGoneSilent(service: RecordService, db: Db, rules: RuleRow[], now: Date) {
  const { rows } = await sql<{ id: number; tenantId: number; sn: string; robotType: string; lastSeenTime: Date | null }>`
    select id, tenant_id, sn, robot_type, last_seen_time from robots
    where status = 'online' and (last_seen_time is null or last_seen_time < ${new Date(now.getTime() - SILENT_MS)})`.execute(db);
  for (const row of rows) {
    const tenantId = Number(row.tenantId);
    await service.update(systemActor(tenantId), robot, { id: Number(row.id), status: 'offline' });
    const watching = rules.filter((rule) => Number(rule.tenantId) === tenantId && applies(rule, row));
    const silentSeconds = row.lastSeenTime ? Math.round((now.getTime() - row.lastSeenTime.getTime()) / 1000) : null;
    const alarm: NewAlarm = {
      robotId: Number(row.id),
      ruleId: null,
      kind: 'offline',
      topic: '',
      message: `${row.sn}: ${silentSeconds ?? '—'} s`,
      values: { lastSeenTime: row.lastSeenTime?.toISOString() ?? null, silentSeconds, missedHeartbeats: OFFLINE_AFTER_MISSED },
      rule: '{}',
    };
    const [id] = await raise(service, tenantId, [alarm], now);
    await notify(
      service,
      db,
      tenantId,
      id!,
      alarm,
      watching.flatMap((rule) => rule.receivers),
      watching,
      now,
    );
  }
}

async function robotsBack(service: RecordService, db: Db, now: Date) {
  const { rows } = await sql<{ id: number; tenantId: number }>`
    select a.id, a.tenant_id from alarm_records a join robots r on r.id = a.robot_id
    where a.kind = 'offline' and a.state = 'firing' and r.status = 'online'`.execute(db);
  for (const row of rows) await resolve(service, db, Number(row.tenantId), [Number(row.id)], now);
}

async function serversGoneSilent(service: RecordService, db: Db, now: Date) {
  const { rows } = await sql<{ id: number; tenantId: number }>`
    select id, tenant_id from compile_servers
    where status <> 'offline' and (status_upload_time is null or status_upload_time < ${new Date(now.getTime() - SERVER_SILENT_MS)})`.execute(db);
  for (const row of rows) await service.update(systemActor(Number(row.tenantId)), compileServer, { id: Number(row.id), status: 'offline' });
}

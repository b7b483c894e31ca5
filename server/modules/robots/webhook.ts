import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/tables';

/** A receiver that neither answers nor fails within this is counted as failed, and tried again later. */
const TIMEOUT_MS = 10_000;

interface WebhookPayload {
  alarmId: number;
  ruleId: number;
  event: 'fired' | 'resolved';
}

/** The hex HMAC-SHA256 of a body under the rule's secret: a receiver holding the secret checks it. */
export const signature = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('hex');

/**
 * Calls a rule's webhook about one alarm, signed with the rule's secret (`X-EDP-Signature:
 * sha256=<hex>`), as the rule is now (a URL changed since is the one called). A refusal or a timeout
 * throws, so the jobs module tries again with backoff; a rule since deleted or without a webhook ends it.
 */
export const webhookJob = (db: Db) => async (payload: WebhookPayload) => {
  const { rows } = await sql<{
    url: string;
    secret: string;
    name: string;
    kind: string;
    topic: string;
    sn: string;
    alarmTime: Date;
    endTime: Date | null;
    message: string;
  }>`
    select ru.webhook_url as url, ru.webhook_secret as secret, ru.name, a.kind, a.topic, r.sn, a.alarm_time, a.end_time, a.message
    from alarm_records a join alarm_rules ru on ru.id = ${payload.ruleId} join robots r on r.id = a.robot_id
    where a.id = ${payload.alarmId}`.execute(db);
  const row = rows[0];
  if (!row?.url) return;
  const body = JSON.stringify({
    event: payload.event,
    alarm: {
      id: payload.alarmId,
      kind: row.kind,
      topic: row.topic,
      message: row.message,
      start: row.alarmTime.toISOString(),
      end: row.endTime?.toISOString() ?? null,
    },
    robot: { sn: row.sn },
    rule: { id: payload.ruleId, name: row.name },
  });
  const reply = await fetch(row.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-edp-event': payload.event, 'x-edp-signature': `sha256=${signature(row.secret, body)}` },
    body,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!reply.ok) throw new Error(`the webhook of alarm rule ${payload.ruleId} answered ${reply.status}`);
};

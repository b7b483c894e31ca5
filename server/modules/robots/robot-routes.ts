import { sql } from 'kysely';
import { z } from 'zod';
import { envelope } from '../../../model/schemas/envelope';
import { robot } from '../../../model/schemas/robot';
import { robotTimeline, robotTopic } from '../../../model/schemas/robot-report';
import { principalOf } from '../../auth/guard';
import type { ApiApp, AppContext } from '../../context';
import { listAccess } from '../../engine/list-access';
import { rowsInScope } from '../../engine/queries';
import { ok } from '../../http/envelope';
import { idParams } from '../../http/route-params';
import type { RuleRow } from './alarms';
import { applies } from './rule-scope';
import type { TopicFigures } from './ingest';
import { robotTimelineOf } from './timeline';
import { termsOf } from './watch-step';

const HOUR_MS = 3_600_000;
/** The longest range a timeline draws at once: what the minutes are kept for, and more. */
const LONGEST_RANGE_MS = 400 * 24 * HOUR_MS;

const moment = z.iso.datetime({ offset: true, error: 'validation:datetime' }).optional();

/** A robot's page: its topics against the rules watching them, and its timeline. */
export function robotRoutes(app: ApiApp, { db, reach, clock }: AppContext, retentionDays: number): void {
  const robotOf = async (request: Parameters<typeof principalOf>[0], id: number) => {
    const [row] = await rowsInScope(db, reach.scope(principalOf(request), robot.name, 'read'), [id]);
    return row as { id: number; tenantId: number; sn: string; robotType: string };
  };

  app.get('/device/robot/:id/topics', {
    config: { access: listAccess(robot.name, 'read') },
    schema: {
      tags: ['robot'],
      summary: 'A robot’s topics as last reported, against the rules watching them',
      description:
        'Each topic the robot reported or a rule watches on it: its latest rate and message time, and per rule its threshold, window and whether it is fine, pending or firing.',
      params: idParams,
      response: { 200: envelope(z.array(robotTopic)) },
    },
    handler: async (request) => {
      const row = await robotOf(request, request.params.id);
      // Read as text: the query layer would camelCase the topic names, which are the JSON's keys.
      const { rows: reports } = await sql<{ topics: string; reportedTime: Date }>`
        select topics::text as topics, reported_time from robot_reports where robot_id = ${row.id}`.execute(db);
      const reported = reports[0] && { topics: JSON.parse(reports[0].topics) as TopicFigures, reportedTime: reports[0].reportedTime };
      const rules = (await sql<RuleRow>`select * from alarm_rules where tenant_id = ${row.tenantId} order by name`.execute(db)).rows.filter((rule) =>
        applies(rule, row),
      );
      const { rows: watches } = await sql<{ ruleId: number; holds: number[]; alarmId: number | null }>`
        select rule_id, holds, alarm_id from alarm_watches where robot_id = ${row.id}`.execute(db);
      const stateOf = (ruleId: number) => {
        const watch = watches.find((candidate) => Number(candidate.ruleId) === ruleId);
        return watch?.alarmId ? ('firing' as const) : watch?.holds.length ? ('pending' as const) : ('ok' as const);
      };
      const names = [...new Set([...Object.keys(reported?.topics ?? {}), ...rules.map((rule) => rule.lostTopic)])].sort();
      return ok(
        names.map((name) => {
          const seen = reported?.topics[name];
          return {
            topic: name,
            rate: seen?.rate ?? null,
            lastMessageTime: seen?.last ?? null,
            reportedTime: seen ? reported.reportedTime.toISOString() : null,
            rules: rules
              .filter((rule) => rule.lostTopic === name)
              .map((rule) => ({
                ruleId: Number(rule.id),
                name: rule.name,
                frameRate: rule.frameRate,
                windowSeconds: termsOf(rule).windowMs / 1000,
                state: stateOf(Number(rule.id)),
              })),
          };
        }),
      );
    },
  });

  app.get('/device/robot/:id/timeline', {
    config: { access: listAccess(robot.name, 'read') },
    schema: {
      tags: ['robot'],
      summary: 'A robot’s timeline',
      description:
        'Over `from`–`to` (default: the last hour; at most 400 days): heartbeats per bucket (a minute, or wider so a long range stays a few hundred buckets), alarms, configuration deliveries, and the recordings it uploaded.',
      params: idParams,
      querystring: z.object({ from: moment, to: moment }),
      response: { 200: envelope(robotTimeline) },
    },
    handler: async (request) => {
      const row = await robotOf(request, request.params.id);
      const to = request.query.to ? new Date(request.query.to) : clock();
      const from = request.query.from ? new Date(request.query.from) : new Date(to.getTime() - HOUR_MS);
      const range = { from: from < to ? from : to, to: from < to ? to : from };
      if (range.to.getTime() - range.from.getTime() > LONGEST_RANGE_MS) range.from = new Date(range.to.getTime() - LONGEST_RANGE_MS);
      return ok(await robotTimelineOf(db, row, range, retentionDays));
    },
  });
}

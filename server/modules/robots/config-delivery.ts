import { sql } from 'kysely';
import { robotConfig, type DeliveryState } from '../../../model/schemas/robot-config';
import type { Heartbeat, HeartbeatAnswer } from '../../../model/schemas/robot-report';
import type { Db } from '../../db/tables';
import { systemActor } from '../../engine/actor';
import type { EntityHooks, HookContext, Values } from '../../engine/hooks';
import type { RecordService } from '../../engine/record-service';

type ConfigReport = NonNullable<Heartbeat['configs']>[number];
type Answer = NonNullable<ConfigReport['answer']>['result'];

interface ConfigRow {
  id: number;
  name: string;
  content: string;
  version: number;
  status: DeliveryState;
}

/** What each of the robot's answers makes of a version: applied live, it runs; the rest wait or stop. */
const AFTER_ANSWER: Record<Answer, DeliveryState> = { applied: 'delivered', restartNeeded: 'restartNeeded', rejected: 'rejected', failed: 'failed' };
/** States a version is still on its way in: the robot's next heartbeat carries it. */
const ON_THE_WAY: readonly DeliveryState[] = ['undelivered', 'sent'];

/** Each step of a version's way to its robot, kept for the robot's timeline. */
async function recordStep(db: Db, tenantId: number, row: Values, now: Date): Promise<void> {
  await sql`
    insert into config_deliveries (tenant_id, robot_id, config_id, name, version, status, message, time)
    values (${tenantId}, ${Number(row.robotId)}, ${Number(row.id)}, ${String(row.name)}, ${Number(row.version)}, ${String(row.status)},
      ${String(row.message ?? '')}, ${now})`.execute(db);
}

const tenantOf = (row: Values) => Number(row.tenantId);

/**
 * A configuration starts at version 1, not delivered; new content is a new version, not delivered
 * again until the robot takes it. Every change of version or delivery state is a step on the
 * robot's timeline.
 */
export const configHooks: EntityHooks = {
  // What the system brings along (the demo's history) keeps its own version and state.
  beforeCreate: ({ actor }, input) => (actor.kind === 'system' ? { version: input.version ?? 1 } : { version: 1 }),
  afterCreate: async ({ db, now }: HookContext, record) => {
    await recordStep(db, tenantOf(record), record, now);
  },
  beforeUpdate: (_context, current, changes) => {
    if (changes.content === undefined || changes.content === current.content) return;
    return { version: Number(current.version) + 1, status: 'undelivered', message: '', answeredTime: null };
  },
  afterUpdate: async ({ db, now }, before, after) => {
    if (before.status !== after.status || before.version !== after.version) await recordStep(db, tenantOf(after), after, now);
  },
  afterTransition: async ({ db, now }, _action, _before, after) => {
    for (const row of after) await recordStep(db, tenantOf(row), row, now);
  },
};

/**
 * Takes what a heartbeat says of the robot's configurations (what it runs, what became of the last
 * version it was given), then answers with each version still on its way, whole, marking it sent.
 * A report about a version other than the current one is old news and changes nothing.
 */
export async function deliverConfigs(
  records: RecordService,
  db: Db,
  tenantId: number,
  robotId: number,
  reports: ConfigReport[],
  now: Date,
): Promise<HeartbeatAnswer['configs']> {
  const { rows } = await sql<ConfigRow>`select id, name, content, version, status from robot_configs where robot_id = ${robotId} order by name`.execute(db);
  const actor = systemActor(tenantId);
  const byName = new Map(rows.map((row) => [row.name, row]));
  for (const report of reports) {
    const row = byName.get(report.name);
    if (!row) continue;
    const version = Number(row.version);
    let next: { status: DeliveryState; message: string } | undefined;
    if (report.runningVersion === version) next = { status: 'delivered', message: report.answer?.version === version ? (report.answer.message ?? '') : '' };
    else if (report.answer?.version === version && row.status !== AFTER_ANSWER[report.answer.result])
      next = { status: AFTER_ANSWER[report.answer.result], message: report.answer.message ?? '' };
    if (!next || next.status === row.status) continue;
    await records.update(actor, robotConfig, { id: row.id, ...next, answeredTime: now.toISOString() });
    row.status = next.status;
  }
  const due = rows.filter((row) => ON_THE_WAY.includes(row.status));
  for (const row of due.filter((candidate) => candidate.status === 'undelivered')) await records.update(actor, robotConfig, { id: row.id, status: 'sent' });
  return due.map((row) => ({ name: row.name, version: Number(row.version), content: JSON.parse(row.content) as Record<string, unknown> }));
}

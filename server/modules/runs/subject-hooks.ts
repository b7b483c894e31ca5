import { sql } from 'kysely';
import { instance } from '../../../model/schemas/instance';
import { processingRecord } from '../../../model/schemas/processing-record';
import { task } from '../../../model/schemas/task';
import { trainingData } from '../../../model/schemas/training-data';
import { actorName, systemActor } from '../../engine/actor';
import type { EntityHooks, HookContext, Values } from '../../engine/hooks';
import { loose } from '../../engine/queries';
import { ApiError } from '../../http/api-error';
import { ending, withHistory } from './instance-state';
import type { RunBell } from './run-bell';
import { queueRun } from './trigger-run';
import { deleteResults } from '../evaluation/results-store';

/** The space's active task a training record names, or the space's first export task; 409 (the record cannot start as it is) when there is none. */
async function taskFor(context: HookContext, tenantId: number, match: { name: string } | { taskType: string }, missing: string, params: Values) {
  let query = loose(context.db).selectFrom(task.table).select('id').where('tenantId', '=', tenantId).where('status', '=', 'active');
  query = 'name' in match ? query.where('name', '=', match.name) : query.where('taskType', '=', match.taskType);
  const found = (await query.orderBy('id').executeTakeFirst()) as { id: number } | undefined;
  if (!found) throw new ApiError(409, missing, params);
  return Number(found.id);
}

/** Queues the run of each started record, the person who started it named as its trigger. */
const startRuns = async (bell: RunBell, context: HookContext, rows: Values[], subject: (row: Values) => Promise<{ taskId: number; extra: Values }>) => {
  for (const row of rows) {
    const { taskId, extra } = await subject(row);
    const trigger = { tenantId: Number(row.tenantId), taskId, triggerType: 'manual' as const, triggerPerson: actorName(context.actor), ...extra };
    await queueRun(context.records, context.db, trigger, context.now);
  }
  context.afterCommit(() => bell.ring('queued'));
};

/** Spec §4 training start/stop: start runs the record's task with its config and datasets; stop terminates that run. */
export const trainingRecordHooks = (bell: RunBell): EntityHooks => ({
  beforeTransition: async (context, action, rows) => {
    if (action !== 'start') return undefined;
    // A run told of training data that is not exported yet would find nothing at its link.
    for (const row of rows.filter((candidate) => candidate.trainingDataId)) {
      const data = (await loose(context.db)
        .selectFrom(trainingData.table)
        .select(['name', 'status'])
        .where('id', '=', Number(row.trainingDataId))
        .executeTakeFirst()) as { name: string; status: string } | undefined;
      if (data?.status !== 'success') throw new ApiError(409, 'runs:errors.trainingDataNotReady', { name: data?.name ?? row.trainingDataId });
    }
    return { progress: 0 };
  },
  afterTransition: async (context, action, before) => {
    if (action === 'start')
      await startRuns(bell, context, before, async (row) => ({
        taskId: await taskFor(context, Number(row.tenantId), { name: String(row.task) }, 'runs:errors.noTask', { name: row.task }),
        extra: { trainingRecord: Number(row.id) },
      }));
    if (action === 'stop') for (const row of before) await stopRunsOf(context, 'training_record', Number(row.id), Number(row.tenantId));
  },
});

/** A record whose start runs the space's task of a type (the first active one), with its progress reset; on a compile server's queue when it names one. */
const runsTaskOfType = (
  bell: RunBell,
  taskType: string,
  missing: string,
  subject: 'modelExport' | 'ctRecord' | 'evaluationRecord',
  server?: string,
): EntityHooks => ({
  beforeTransition: (_context, action) => (action === 'start' ? { progress: 0 } : undefined),
  afterTransition: async (context, action, before) => {
    if (action !== 'start') return;
    await startRuns(bell, context, before, async (row) => ({
      taskId: await taskFor(context, Number(row.tenantId), { taskType }, missing, {}),
      extra: { [subject]: Number(row.id), ...(server ? { queue: `compile-server:${String(row[server])}` } : {}) },
    }));
  },
});

/** A model export runs the space's export task on its compile server's queue (one at a time per server). */
export const modelExportHooks = (bell: RunBell) => runsTaskOfType(bell, 'export', 'runs:errors.noExportTask', 'modelExport', 'compileServerId');

/** A CT record tests its artifact with the space's CT task on its server's queue; the run's end is its verdict. */
export const ctRecordHooks = (bell: RunBell) => runsTaskOfType(bell, 'ct', 'runs:errors.noCtTask', 'ctRecord', 'serverId');

/** An evaluation record runs the space's evaluation task over its model and structured dataset. */
export const evaluationRecordHooks = (bell: RunBell): EntityHooks => {
  const hooks = runsTaskOfType(bell, 'evaluation', 'runs:errors.noEvaluationTask', 'evaluationRecord');
  // Started again, it begins with no results: the run reports its items anew.
  return {
    ...hooks,
    beforeTransition: async (context, action, rows) => {
      if (action !== 'start') return undefined;
      await deleteResults(
        context.db,
        'evaluation_record_id',
        rows.map((row) => Number(row.id)),
      );
      return { successRate: null, score: null };
    },
  };
};

/** Its running instances terminated as a person would; one not yet started simply never starts. */
async function stopRunsOf(context: HookContext, column: 'training_record', id: number, tenantId: number) {
  const { rows } = await sql<{ id: number; status: string; history: string }>`
    select id, status, history from instances where ${sql.ref(column)} = ${id} and status in ('pending', 'running')`.execute(context.db);
  const actor = systemActor(tenantId);
  const running = rows.filter((row) => row.status === 'running').map((row) => Number(row.id));
  if (running.length) await context.records.transition(actor, instance, 'terminate', running);
  for (const row of rows.filter((candidate) => candidate.status === 'pending')) {
    const by = actorName(context.actor);
    const history = withHistory(row.history, { status: 'terminated', time: context.now.toISOString(), by });
    await context.records.update(actor, instance, {
      id: Number(row.id),
      status: 'terminated',
      terminatedBy: by,
      terminatedTime: context.now,
      history,
      ...ending({ startTime: null }, context.now),
    });
  }
}

/** A processing record's start runs its task over the version's manifest; the record names the run, which settles it. */
export const processingRecordHooks = (bell: RunBell): EntityHooks => ({
  beforeTransition: (_context, action) =>
    action === 'start' ? { progress: 0, startedTime: null, finishedTime: null, duration: null, instanceId: null } : undefined,
  afterTransition: async (context, action, before) => {
    if (action !== 'start') return;
    const actor = systemActor(Number(before[0]?.tenantId));
    for (const row of before) {
      const trigger = {
        tenantId: Number(row.tenantId),
        taskId: Number(row.taskId),
        triggerType: 'manual' as const,
        triggerPerson: actorName(context.actor),
        processingRecord: Number(row.id),
      };
      const run = await queueRun(context.records, context.db, trigger, context.now);
      await context.records.update(actor, processingRecord, { id: Number(row.id), instanceId: run.id });
    }
    context.afterCommit(() => bell.ring('queued'));
  },
});

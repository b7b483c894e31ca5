import { randomBytes } from 'node:crypto';
import { instance } from '../../../model/schemas/instance';
import { task as taskEntity } from '../../../model/schemas/task';
import { SYSTEM_ACTOR, systemActor } from '../../engine/actor';
import type { RecordService } from '../../engine/record-service';
import { loose } from '../../engine/queries';
import type { Db } from '../../db/tables';
import { ApiError } from '../../http/api-error';
import { enqueueMany } from '../../jobs/enqueue';
import { withHistory } from './instance-state';

export const RUN_JOB = 'runs.execute';

export interface Trigger {
  tenantId: number;
  taskId: number;
  triggerType: 'manual' | 'scheduled';
  /** Who asked (an account code), or the scheduler. */
  triggerPerson: string;
  trainingRecord?: number;
  processingRecord?: number;
  modelExport?: number;
  ctRecord?: number;
  evaluationRecord?: number;
  /** Runs sharing a queue go one at a time (a compile server's exports). */
  queue?: string;
}

/** A DNS-1123 name from the task's, unique by its random tail: the Kubernetes Job's name. */
const jobNameOf = (taskName: string) => {
  const stem = taskName
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return `edp-${stem || 'task'}-${randomBytes(4).toString('hex')}`;
};

/**
 * Pending instances of tasks, and the jobs that will run them, in the caller's transaction: either
 * all exist or none. A removed task does not run (spec §4: restore it first).
 */
export async function queueRuns(service: RecordService, db: Db, triggers: Trigger[], now: Date) {
  if (triggers.length === 0) return [];
  const ids = [...new Set(triggers.map((trigger) => trigger.taskId))];
  const tasks = new Map(
    ((await loose(db).selectFrom(taskEntity.table).selectAll().where('id', 'in', ids).execute()) as Record<string, unknown>[]).map((task) => [
      Number(task.id),
      task,
    ]),
  );
  const inputs = triggers.map((trigger) => {
    const task = tasks.get(trigger.taskId);
    if (!task || Number(task.tenantId) !== trigger.tenantId) throw new ApiError(404, 'errors:notFound');
    if (task.status !== 'active') throw new ApiError(400, 'runs:errors.taskRemoved', { name: task.name });
    return {
      tenantId: trigger.tenantId,
      values: {
        task: trigger.taskId,
        taskName: task.name,
        triggerType: trigger.triggerType,
        triggerPerson: trigger.triggerPerson,
        timeout: task.timeoutTime,
        k8sJobName: jobNameOf(String(task.name)),
        memory: task.memory,
        gpuCards: task.gpuCards ?? 0,
        history: withHistory('[]', { status: 'pending', time: now.toISOString(), by: trigger.triggerPerson || SYSTEM_ACTOR }),
        trainingRecord: trigger.trainingRecord ?? null,
        processingRecord: trigger.processingRecord ?? null,
        modelExport: trigger.modelExport ?? null,
        ctRecord: trigger.ctRecord ?? null,
        evaluationRecord: trigger.evaluationRecord ?? null,
        queue: trigger.queue ?? '',
      },
    };
  });
  // One write per space (the system acts within one space at a time).
  const created = [];
  for (const tenantId of new Set(inputs.map((input) => input.tenantId)))
    created.push(
      ...(await service.createMany(
        systemActor(tenantId),
        instance,
        inputs.filter((input) => input.tenantId === tenantId).map((input) => input.values),
      )),
    );
  await enqueueMany(
    db,
    RUN_JOB,
    created.map((record) => ({ instanceId: record.id })),
    { now, maxAttempts: 3 },
  );
  return created;
}

/** A pending instance of one task (a Run, a rerun, a training record's start, an export's). */
export async function queueRun(service: RecordService, db: Db, trigger: Trigger, now: Date) {
  const [created] = await queueRuns(service, db, [trigger], now);
  return created!;
}

import { randomBytes } from 'node:crypto';
import { instance } from '../../../src/schemas/instance';
import { task as taskEntity } from '../../../src/schemas/task';
import { SYSTEM_ACTOR, systemActor } from '../../engine/actor';
import type { RecordService } from '../../engine/record-service';
import { loose } from '../../engine/queries';
import type { Db } from '../../db/tables';
import { ApiError } from '../../http/api-error';
import { enqueue } from '../../jobs/enqueue';
import { withHistory } from './instance-state';

export const RUN_JOB = 'runs.execute';

export interface Trigger {
  tenantId: number;
  taskId: number;
  triggerType: 'manual' | 'scheduled';
  /** Who asked (an account code), or the scheduler. */
  triggerPerson: string;
  trainingRecord?: number;
  modelExport?: number;
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
 * A pending instance of a task, and the job that will run it, in the caller's transaction: either
 * both exist or neither. A removed task does not run (spec §4: restore it first).
 */
export async function queueRun(service: RecordService, db: Db, trigger: Trigger, now: Date) {
  const task = (await loose(db)
    .selectFrom(taskEntity.table)
    .selectAll()
    .where('id', '=', trigger.taskId)
    .where('tenantId', '=', trigger.tenantId)
    .executeTakeFirst()) as Record<string, unknown> | undefined;
  if (!task) throw new ApiError(404, 'errors:notFound');
  if (task.status !== 'active') throw new ApiError(400, 'runs:errors.taskRemoved', { name: task.name });
  const created = await service.create(systemActor(trigger.tenantId), instance, {
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
    modelExport: trigger.modelExport ?? null,
    queue: trigger.queue ?? '',
  });
  await enqueue(db, RUN_JOB, { instanceId: created.id }, { now, maxAttempts: 3 });
  return created;
}

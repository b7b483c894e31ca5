import { sql } from 'kysely';
import { latestFireTime } from '../../../src/schemas/cron-schedule';
import type { Db } from '../../db/tables';
import { enqueue } from '../../jobs/enqueue';

export const FIRE_JOB = 'runs.fire';

interface ScheduledTask {
  id: number;
  tenantId: number;
  cronExpression: string;
  timezone: string | null;
  updatedTime: Date;
  lastFire: Date | null;
}

/** How often the list of scheduled tasks is read again (a task made, changed, removed or restored). */
const RELOAD_MS = 5000;

/**
 * Looks, at every poll, at which scheduled tasks have come due, and enqueues one fire job per task
 * and fire time (its singleton key: however many processes look, the time fires once; the fire
 * itself is recorded once, keyed by task and time). Only times after the task was last written
 * count: a new or changed schedule never fires for a time before it. A server that was down fires
 * the latest missed time once when it is back; earlier missed times are not run.
 */
export function scheduleTicker(db: Db) {
  let tasks: ScheduledTask[] = [];
  let loadedAt = -Infinity;
  const handled = new Map<number, number>();
  return async (now: Date) => {
    if (now.getTime() - loadedAt >= RELOAD_MS || now.getTime() < loadedAt) {
      const { rows } = await sql<ScheduledTask>`
        select t.id, t.tenant_id as "tenantId", t.cron_expression as "cronExpression", t.timezone, t.updated_time as "updatedTime",
          (select max(f.due_time) from task_fires f where f.task_id = t.id) as "lastFire"
        from tasks t where t.status = 'active' and t.trigger_type = 'scheduled' and coalesce(t.cron_expression, '') <> ''`.execute(db);
      tasks = rows;
      loadedAt = now.getTime();
    }
    for (const task of tasks) {
      let due: Date | null;
      try {
        due = latestFireTime(task.cronExpression, task.timezone ?? '', now);
      } catch {
        continue; // an expression written before the rules refused it: nothing fires
      }
      const id = Number(task.id);
      if (!due || due <= new Date(task.updatedTime) || (task.lastFire && due <= new Date(task.lastFire)) || due.getTime() <= (handled.get(id) ?? -Infinity))
        continue;
      const dueTime = due.toISOString();
      await enqueue(db, FIRE_JOB, { taskId: id, tenantId: Number(task.tenantId), dueTime }, { runAt: due, now, singletonKey: `${FIRE_JOB}:${id}:${dueTime}` });
      handled.set(id, due.getTime());
    }
  };
}

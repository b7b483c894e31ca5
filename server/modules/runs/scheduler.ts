import { sql } from 'kysely';
import { latestFireTime, nextFireTimes } from '../../../model/schemas/cron-schedule';
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

/** A task as the ticker holds it: when it next needs a look (its next fire time), and the last fire time it enqueued. */
interface Watched {
  task: ScheduledTask;
  /** The schedule as last read (expression, zone, last write): a change starts the task's looks afresh. */
  version: string;
  nextLook: number;
  handled: number;
}

/**
 * Looks, at every poll, at which scheduled tasks have come due, and enqueues one fire job with
 * them (however many processes look, each time fires once: the fire is recorded once, keyed by
 * task and time, by whichever fire job records it first). Only times after the task was last written
 * count: a new or changed schedule never fires for a time before it. A server that was down fires
 * the latest missed time once when it is back; earlier missed times are not run. A task is worked
 * out only when its next fire time has come (the poll runs after every job: most polls compare
 * timestamps only).
 */
export function scheduleTicker(db: Db) {
  const watched = new Map<number, Watched>();
  let loadedAt = -Infinity;

  const reload = async (now: Date) => {
    const { rows } = await sql<ScheduledTask>`
      select t.id, t.tenant_id as "tenantId", t.cron_expression as "cronExpression", t.timezone, t.updated_time as "updatedTime",
        (select f.due_time from task_fires f where f.task_id = t.id order by f.due_time desc limit 1) as "lastFire"
      from tasks t where t.status = 'active' and t.trigger_type = 'scheduled' and coalesce(t.cron_expression, '') <> ''`.execute(db);
    const seen = new Set<number>();
    for (const task of rows) {
      const id = Number(task.id);
      seen.add(id);
      const version = `${task.cronExpression}|${task.timezone ?? ''}|${new Date(task.updatedTime).getTime()}`;
      const known = watched.get(id);
      if (known?.version === version) known.task = task;
      else watched.set(id, { task, version, nextLook: -Infinity, handled: known?.handled ?? -Infinity });
    }
    for (const id of watched.keys()) if (!seen.has(id)) watched.delete(id);
    loadedAt = now.getTime();
  };

  return async (now: Date) => {
    if (now.getTime() - loadedAt >= RELOAD_MS || now.getTime() < loadedAt) await reload(now);
    const fires: { taskId: number; tenantId: number; dueTime: string }[] = [];
    for (const [id, entry] of watched) {
      if (now.getTime() < entry.nextLook) continue;
      const { task } = entry;
      const due = latestFireTime(task.cronExpression, task.timezone ?? '', now);
      entry.nextLook = nextFireTimes(task.cronExpression, task.timezone ?? '', 1, now)[0]?.getTime() ?? Infinity;
      if (!due || due <= new Date(task.updatedTime) || (task.lastFire && due <= new Date(task.lastFire)) || due.getTime() <= entry.handled) continue;
      fires.push({ taskId: id, tenantId: Number(task.tenantId), dueTime: due.toISOString() });
      entry.handled = due.getTime();
    }
    // One job for the look: its fires are recorded and queued together (the fire job's own key decides each once).
    if (fires.length) await enqueue(db, FIRE_JOB, { fires }, { now });
  };
}

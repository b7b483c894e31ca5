import { sql } from 'kysely';
import type { JobsContext } from '../../engine/module';
import type { JobHandler } from '../../jobs/worker';
import { ring } from './run-bell';
import { queueRun } from './trigger-run';

/** Who a scheduled instance names as its trigger person. */
export const SCHEDULER = 'scheduler';

/**
 * One fire time of a scheduled task: recorded once (task and time are the key), then an instance
 * queued, or the fire recorded as skipped when an earlier run is still pending or running and the
 * task does not allow overlapping runs. The task's row is locked meanwhile, so two fires of one
 * task never both see "nothing running".
 */
export const fireJob =
  ({ records }: Pick<JobsContext, 'records'>): JobHandler =>
  async ({ taskId, tenantId, dueTime }: { taskId: number; tenantId: number; dueTime: string }, { clock }) => {
    const queued = await records.transaction(async (service, trx) => {
      const now = clock();
      const { rows } = await sql<{ status: string; triggerType: string; allowOverlap: boolean | null }>`
        select status, trigger_type as "triggerType", allow_overlap as "allowOverlap" from tasks where id = ${taskId} for update`.execute(trx);
      const task = rows[0];
      if (!task || task.status !== 'active' || task.triggerType !== 'scheduled') return false;
      const fired = await sql`
        insert into task_fires (tenant_id, task_id, due_time, fired_time, outcome) values (${tenantId}, ${taskId}, ${dueTime}, ${now}, 'fired')
        on conflict do nothing returning task_id`.execute(trx);
      if (fired.rows.length === 0) return false;
      if (!task.allowOverlap) {
        const going = await sql`select 1 from instances where task = ${taskId} and status in ('pending', 'running') limit 1`.execute(trx);
        if (going.rows.length) {
          await sql`update task_fires set outcome = 'skipped' where task_id = ${taskId} and due_time = ${dueTime}`.execute(trx);
          return false;
        }
      }
      const created = await queueRun(service, trx, { tenantId, taskId, triggerType: 'scheduled', triggerPerson: SCHEDULER }, now);
      await sql`update task_fires set instance_id = ${created.id} where task_id = ${taskId} and due_time = ${dueTime}`.execute(trx);
      return true;
    });
    if (queued) ring('queued');
  };

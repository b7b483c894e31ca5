import { sql } from 'kysely';
import type { AppContext } from '../../context';
import type { JobHandler } from '../../jobs/worker';
import type { RunBell } from './run-bell';
import { queueRuns } from './trigger-run';

/** Who a scheduled instance names as its trigger person. */
export const SCHEDULER = 'scheduler';

export interface Fire {
  taskId: number;
  tenantId: number;
  dueTime: string;
}

/**
 * The fire times one look found due, in one transaction. Each is recorded once, whichever process
 * records it first (task and time are the key; a second look's job finds them taken), and only for
 * a task still active and scheduled (its row locked meanwhile, so two fires of one task never both
 * see "nothing running"). A fire whose task has a run pending or running is recorded as skipped
 * unless the task allows overlapping runs; the others queue their instances together.
 */
export const fireJob =
  ({ records }: Pick<AppContext, 'records'>, bell: RunBell): JobHandler =>
  async ({ fires }: { fires: Fire[] }, { clock }) => {
    const queued = await records.transaction(async (service, trx) => {
      const now = clock();
      const { rows: tasks } = await sql<{ id: number; allowOverlap: boolean | null }>`
        select id, allow_overlap as "allowOverlap" from tasks
        where id = any(${fires.map((fire) => fire.taskId)}::bigint[]) and status = 'active' and trigger_type = 'scheduled'
        order by id for update`.execute(trx);
      const live = new Map(tasks.map((task) => [Number(task.id), task]));
      const firing = fires.filter((fire) => live.has(fire.taskId));
      if (firing.length === 0) return 0;
      const { rows: claimed } = await sql<{ taskId: number; dueTime: Date }>`
        insert into task_fires (tenant_id, task_id, due_time, fired_time, outcome)
        select fire.tenant_id, fire.task_id, fire.due_time, ${now}, 'fired'
        from unnest(${firing.map((fire) => fire.tenantId)}::bigint[], ${firing.map((fire) => fire.taskId)}::bigint[], ${firing.map((fire) => fire.dueTime)}::timestamptz[])
          as fire(tenant_id, task_id, due_time)
        on conflict do nothing returning task_id as "taskId", due_time as "dueTime"`.execute(trx);
      if (claimed.length === 0) return 0;
      const ids = claimed.map((fire) => Number(fire.taskId));
      const { rows: going } = await sql<{ task: number }>`
        select distinct task from instances where task = any(${ids}::bigint[]) and status in ('pending', 'running')`.execute(trx);
      const busy = new Set(going.map((row) => Number(row.task)).filter((id) => !live.get(id)!.allowOverlap));
      const skipped = claimed.filter((fire) => busy.has(Number(fire.taskId)));
      const runs = claimed.filter((fire) => !busy.has(Number(fire.taskId)));
      for (const fire of skipped)
        await sql`update task_fires set outcome = 'skipped' where task_id = ${fire.taskId} and due_time = ${fire.dueTime}`.execute(trx);
      const tenantOf = new Map(firing.map((fire) => [fire.taskId, fire.tenantId]));
      const created = await queueRuns(
        service,
        trx,
        runs.map((fire) => ({
          tenantId: tenantOf.get(Number(fire.taskId))!,
          taskId: Number(fire.taskId),
          triggerType: 'scheduled' as const,
          triggerPerson: SCHEDULER,
        })),
        now,
      );
      await sql`
        update task_fires set instance_id = fire.instance_id
        from unnest(${runs.map((fire) => Number(fire.taskId))}::bigint[], ${runs.map((fire) => fire.dueTime)}::timestamptz[], ${created.map((record) => record.id)}::bigint[])
          as fire(task_id, due_time, instance_id)
        where task_fires.task_id = fire.task_id and task_fires.due_time = fire.due_time`.execute(trx);
      return created.length;
    });
    if (queued) bell.ring('queued');
  };

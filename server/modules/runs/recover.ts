import { hostname } from 'node:os';
import { sql } from 'kysely';
import type { Db } from '../../db/tables';
import { enqueue } from '../../jobs/enqueue';
import { ending, moveInstance } from './instance-state';
import type { RecordService } from '../../engine/record-service';
import { RUN_JOB } from './trigger-run';

/** Whether a worker id (`host:pid:random`) names a process of this machine that is gone (or this very process's pid, taken over after a restart). */
const deadHere = (workerId: string, own: string) => {
  const [host, pid] = workerId.split(':');
  if (host !== hostname() || !pid || workerId === own) return false;
  if (Number(pid) === process.pid) return true;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
};

/**
 * Nothing stays "running" after its server is gone. A run job held by a process of this machine
 * that no longer exists is released at once (rather than when its lease runs out), so this
 * process claims it and settles the instance; an instance pending or running with no job at all
 * (written before runs were real, or by hand) is queued again, or failed saying its server stopped.
 */
export async function recoverRuns(db: Db, records: RecordService, ownWorkerIds: string[], now: Date): Promise<void> {
  const { rows: held } = await sql<{ id: number; lockedBy: string }>`
    select id, locked_by as "lockedBy" from jobs where name = ${RUN_JOB} and state = 'running' and lease_until > ${now}`.execute(db);
  const dead = held.filter((job) => job.lockedBy && ownWorkerIds.every((own) => deadHere(job.lockedBy, own))).map((job) => Number(job.id));
  if (dead.length) await sql`update jobs set lease_until = ${now} where id = any(${dead}::bigint[]) and state = 'running'`.execute(db);

  const { rows: orphans } = await sql<{ id: number; status: string; startTime: Date | null }>`
    select i.id, i.status, i.start_time as "startTime" from instances i
    where i.status in ('pending', 'running') and not exists (
      select 1 from jobs j where j.name = ${RUN_JOB} and j.state in ('queued', 'running') and (j.payload->>'instanceId')::bigint = i.id)`.execute(db);
  for (const orphan of orphans) {
    const id = Number(orphan.id);
    if (orphan.status === 'pending') await enqueue(db, RUN_JOB, { instanceId: id }, { now, maxAttempts: 3 });
    else await moveInstance(records, id, ['running'], 'failed', { ...ending(orphan, now), failure: 'restart', failureDetail: 'no server was running it' }, now);
  }
}

import { sql } from 'kysely';
import type { Db } from '../../db/tables';
import type { Actor } from '../../engine/actor';
import type { Values } from '../../engine/hooks';
import { ApiError } from '../../http/api-error';
import { recordMoves } from './job-events';
import { holdUntil } from './job-hooks';
import type { TicketRow } from './ticket-rows';

/**
 * A member of a claim ticket takes its next job nobody holds (or whose hold lapsed), in as few
 * statements as it takes: twenty members claiming at once queue on one embedded database, so each
 * claim's own time is everyone's wait. Rows another claim holds locked are skipped: no job twice.
 */
export async function claimJob(db: Db, actor: Actor, ticket: Values, me: string, now: Date) {
  if (ticket.status === 'done') throw new ApiError(409, 'ticket:errors.done');
  if (ticket.distribution !== 'claim') throw new ApiError(409, 'ticket:errors.notClaimed');
  // The ticket names its team's members as it was made: they claim its jobs.
  if (!((ticket.operators as string[] | null) ?? []).includes(me)) throw new ApiError(403, 'ticket:errors.notMember', { assignee: me });
  const until = holdUntil(ticket as unknown as TicketRow, now)!;
  const { rows } = await sql<{ id: string; number: string; state: string; itemCount: string; tenantId: string; previous: string }>`
    with next as (
      select id, assignee from ticket_jobs
      where ticket_id = ${Number(ticket.id)} and state in ('new', 'in_progress') and assignee <> ${me} and (assignee = '' or claimed_until < ${now})
      order by number limit 1 for update skip locked
    )
    update ticket_jobs j set assignee = ${me}, claimed_until = ${until}, updated_by = ${me},
      updated_time = greatest(${now}, j.updated_time + interval '1 millisecond')
    from next where j.id = next.id
    returning j.id, j.number, j.state, j.item_count as "itemCount", j.tenant_id as "tenantId", next.assignee as previous`.execute(db);
  const job = rows[0];
  if (!job) throw new ApiError(409, 'ticket:errors.nothingToClaim');
  const tenantId = Number(job.tenantId);
  await sql`update ticket_items set assignee = ${me} where tenant_id = ${tenantId} and job_id = ${Number(job.id)}`.execute(db);
  // A lapsed claim's annotations go with the job; a job nobody held has none.
  if (job.previous) await sql`update annotations set assignee = ${me} where tenant_id = ${tenantId} and job_id = ${Number(job.id)}`.execute(db);
  await recordMoves(db, actor, now, [
    {
      tenantId,
      ticketId: Number(ticket.id),
      jobId: Number(job.id),
      action: job.previous ? 'reclaim' : 'claim',
      fromState: job.state,
      toState: job.state,
      assignee: me,
      itemCount: Number(job.itemCount),
    },
  ]);
  return { id: Number(job.id), number: Number(job.number), claimedUntil: until.toISOString() };
}

import { sql } from 'kysely';
import type { Db } from '../../db/tables';

/**
 * The one place a ticket's status and counts follow its jobs: pending until a job leaves "new",
 * processing from then on; done only when a manager marks it so (and it stays done until reopened).
 * Items are counted by where their job stands, so a list shows accepted, in review, rejected and in
 * progress apart.
 */
export async function settleTicket(db: Db, ticketId: number): Promise<void> {
  await sql`
    update tickets t set
      job_count = c.jobs,
      accepted_items = c.accepted,
      review_items = c.review,
      rejected_items = c.rejected,
      working_items = c.working,
      status = case when t.status = 'done' then 'done' when c.moved > 0 then 'processing' else 'pending' end
    from (
      select count(*) as jobs,
        coalesce(sum(item_count) filter (where state = 'done'), 0) as accepted,
        coalesce(sum(item_count) filter (where state = 'submitted'), 0) as review,
        coalesce(sum(item_count) filter (where state = 'rejected'), 0) as rejected,
        coalesce(sum(item_count) filter (where state = 'in_progress'), 0) as working,
        count(*) filter (where state <> 'new' or rejections > 0) as moved
      from ticket_jobs where ticket_id = ${ticketId}
    ) c
    where t.id = ${ticketId}`.execute(db);
}

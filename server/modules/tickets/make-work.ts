import { sql } from 'kysely';
import type { Db } from '../../db/tables';
import { actorName, type Actor } from '../../engine/actor';
import type { TicketRow } from './ticket-rows';

/**
 * A new ticket's work, in two statements whatever its size: its jobs (the version's members in bag
 * order, `jobSize` to a job) and its items (each member with its clip, in its job).
 */
export async function makeWork(db: Db, actor: Actor, now: Date, ticket: TicketRow, memberCount: number): Promise<void> {
  const by = actorName(actor);
  const size = ticket.jobSize;
  const jobs = Math.ceil(memberCount / size);
  await sql`
    insert into ticket_jobs (tenant_id, ticket_id, number, item_count, assignee, managers, stage, state, rejections,
      reject_reason, reject_comment, created_by, updated_by, created_time, updated_time)
    select ${ticket.tenantId}, ${ticket.id}, g + 1, least(${size}::bigint, ${memberCount}::bigint - g * ${size}), '', ${ticket.managers}::text[],
      'annotate', 'new', 0, '', '', ${by}, ${by}, ${now}, ${now}
    from generate_series(0, ${jobs - 1}::bigint) g`.execute(db);
  await sql`
    insert into ticket_items (tenant_id, ticket_id, job_id, bag_id, clip_start, clip_end, assignee, quality_label, quality_sub_label, note,
      created_by, updated_by, created_time, updated_time)
    select ${ticket.tenantId}, ${ticket.id}, j.id, m.bag_id, m.clip_start, m.clip_end, '', 'unchecked', '', '', ${by}, ${by}, ${now}, ${now}
    from (select bag_id, clip_start, clip_end, (row_number() over (order by bag_id) - 1) / ${size} + 1 as number
          from version_members where version_id = ${ticket.versionId}) m
    join ticket_jobs j on j.ticket_id = ${ticket.id} and j.number = m.number`.execute(db);
}

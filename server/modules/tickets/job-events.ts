import { sql } from 'kysely';
import { ticketJobEvent } from '../../../model/schemas/ticket-job-event';
import type { Db } from '../../db/tables';
import { actorName, type Actor } from '../../engine/actor';
import { loose } from '../../engine/queries';

/** One move of a job, as the event keeps it. */
export interface JobMove {
  tenantId: number;
  ticketId: number;
  jobId: number;
  action: string;
  fromState: string | null;
  toState: string;
  assignee: string;
  itemCount: number;
}

/**
 * Keeps the moves with the server's time and the actor's name: the only source of the statistics'
 * times. Written straight into the table (the job's own record is audited already), in the write's
 * transaction, so a move and its event stand or fall together.
 */
export async function recordMoves(db: Db, actor: Actor, now: Date, moves: readonly JobMove[]): Promise<void> {
  if (moves.length === 0) return;
  const by = actorName(actor);
  await loose(db)
    .insertInto(ticketJobEvent.table)
    .values(moves.map((move) => ({ ...move, createdBy: by, updatedBy: by, createdTime: now, updatedTime: now })))
    .execute();
}

/** The same as one statement over many jobs (a ticket's distribution): each job's current assignee and size. */
export async function recordMovesOf(db: Db, actor: Actor, now: Date, jobIds: readonly number[], action: string, fromState: string | null, toState: string) {
  if (jobIds.length === 0) return;
  const by = actorName(actor);
  await sql`
    insert into ticket_job_events (tenant_id, ticket_id, job_id, action, from_state, to_state, assignee, item_count, created_by, updated_by, created_time, updated_time)
    select tenant_id, ticket_id, id, ${action}, ${fromState}, ${toState}, assignee, item_count, ${by}, ${by}, ${now}, ${now}
    from ticket_jobs where id = any(${[...jobIds]}::bigint[])`.execute(db);
}

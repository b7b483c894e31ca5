import { sql } from 'kysely';
import { ticketItem } from '../../../model/schemas/ticket-item';
import { ticketJob } from '../../../model/schemas/ticket-job';
import { OPEN_STATES, type JobState } from '../../../model/schemas/ticket-work';
import type { EntityHooks, HookContext, Values } from '../../engine/hooks';
import { loose } from '../../engine/queries';
import { ApiError, notFound } from '../../http/api-error';
import { jobOf, type JobRow } from './ticket-rows';

/** The item an annotation is of, with what the annotation takes from it. */
async function itemOf(context: HookContext, id: number) {
  const row = (await loose(context.db)
    .selectFrom(ticketItem.table)
    .select(['id', 'ticketId', 'jobId', 'bagId', 'assignee'])
    .where('id', '=', id)
    .executeTakeFirst()) as { ticketId: number; jobId: number; bagId: number; assignee: string } | undefined;
  if (!row) throw notFound();
  return { ticketId: Number(row.ticketId), jobId: Number(row.jobId), bagId: Number(row.bagId), assignee: row.assignee };
}

/**
 * A person works on a job only while it is theirs and open. The first touch of a new job starts it,
 * and of a rejected one works it again (as its assignee would by hand), so the job's state always
 * says that work happened; a submitted or done job is left alone. The system (an import) is not held.
 */
async function openForWork(context: HookContext, jobId: number): Promise<JobRow> {
  const job = await jobOf(context.db, jobId, true);
  if (context.actor.kind !== 'person') return job;
  const me = context.actor.principal.account.code;
  if (job.assignee !== me) throw new ApiError(403, 'ticketItem:errors.notYours', { assignee: job.assignee || '—' });
  if (!OPEN_STATES.includes(job.state as JobState)) throw new ApiError(409, 'ticketItem:errors.closed', { state: `ticketJob:state.${job.state}` });
  if (job.state === 'new') await context.records.transition(context.actor, ticketJob, 'start', [job.id]);
  if (job.state === 'rejected') await context.records.transition(context.actor, ticketJob, 'rework', [job.id]);
  return job;
}

/** A ticket's item: its verdict is given by its job's assignee while the job is open. */
export const itemHooks: EntityHooks = {
  beforeCreate: async (context, input) => {
    const job = await openForWork(context, Number(input.jobId));
    return { ticketId: job.ticketId, assignee: input.assignee ?? job.assignee };
  },
  beforeUpdate: async (context, current) => {
    await openForWork(context, Number(current.jobId));
  },
};

/** A range must lie within its recording: past the end it marks nothing. */
async function withinRecording(context: HookContext, bagId: number, range: Values) {
  const { rows } = await sql<{ duration: string }>`select bag_duration as duration from bags where id = ${bagId}`.execute(context.db);
  const duration = Number(rows[0]?.duration ?? 0);
  if (duration > 0 && Number(range.endOffset) > duration) throw new ApiError(400, 'annotation:errors.outside', { duration }, { field: 'endOffset' });
}

/** An annotation takes its ticket, job, bag and annotator from its item; made, changed and deleted while the job is open. */
export const annotationHooks: EntityHooks = {
  beforeCreate: async (context, input) => {
    const item = await itemOf(context, Number(input.itemId));
    await withinRecording(context, item.bagId, input);
    await openForWork(context, item.jobId);
    return { ticketId: item.ticketId, jobId: item.jobId, bagId: item.bagId, assignee: input.assignee ?? item.assignee };
  },
  beforeUpdate: async (context, current, changes) => {
    await withinRecording(context, Number(current.bagId), { ...current, ...changes });
    await openForWork(context, Number(current.jobId));
  },
  beforeDelete: async (context, rows) => {
    for (const jobId of new Set(rows.map((row) => Number(row.jobId)))) await openForWork(context, jobId);
  },
};

/** A job's event names its ticket (kept for the statistics' one-range reads). */
export const eventHooks: EntityHooks = {
  beforeCreate: async (context, input: Values) => {
    const job = await jobOf(context.db, Number(input.jobId));
    return { ticketId: job.ticketId, toState: input.toState || job.state, action: input.action || 'import', itemCount: input.itemCount ?? job.itemCount };
  },
};

/** Drops what a deleted job held (only the system deletes jobs: a ticket's deletion takes them itself). */
export const jobDeleteHooks: EntityHooks = {
  beforeDelete: async (context, rows) => {
    const ids = rows.map((row) => Number(row.id));
    for (const table of ['annotations', 'ticket_items', 'ticket_job_events'])
      await sql`delete from ${sql.table(table)} where job_id = any(${ids}::bigint[])`.execute(context.db);
  },
};

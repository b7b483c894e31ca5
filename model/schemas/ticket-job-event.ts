import { defineEntity, type EntityRecord } from './engine/entity';
import { integer, reference, text } from './engine/fields';

const kept = { edit: false } as const;

/**
 * A job's move, as the server saw it: from which state to which, whose job it was then, by whom and
 * when (the record's own created time). Statistics (time in progress, rework, the daily chart) are
 * summed from these rows, never from a browser's clock. Written by the tickets module alone.
 */
export const ticketJobEvent = defineEntity({
  name: 'ticket-job-event',
  table: 'ticket_job_events',
  label: 'ticketJobEvent:_',
  scope: 'tenant',
  title: 'action',
  sort: { field: 'createdTime', order: 'asc' },
  belongsTo: 'jobId',
  listedWithin: 'ticketId',
  fields: {
    ticketId: reference('ticketJobEvent:fields.ticketId', 'ticket', { ...kept, required: true, list: false }),
    jobId: reference('ticketJobEvent:fields.jobId', 'ticket-job', { edit: 'create', required: true, list: { width: 100 } }),
    action: text('ticketJobEvent:fields.action', { ...kept, max: 32, filter: 'equals', list: { width: 110 } }),
    fromState: text('ticketJobEvent:fields.fromState', { ...kept, required: false, max: 32, filter: false, list: { width: 110 } }),
    toState: text('ticketJobEvent:fields.toState', { ...kept, max: 32, filter: 'equals', list: { width: 110 } }),
    assignee: text('ticketJobEvent:fields.assignee', { ...kept, required: false, max: 64, filter: 'equals', list: { width: 120 } }),
    itemCount: integer('ticketJobEvent:fields.itemCount', { ...kept, filter: false, list: { width: 90 } }),
  },
});

export type TicketJobEvent = EntityRecord<typeof ticketJobEvent>;

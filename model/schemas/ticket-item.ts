import { bag } from './bag';
import { defineEntity, type EntityRecord } from './engine/entity';
import { duration, reference, text, textarea } from './engine/fields';

/** Written by the server when the ticket is made or its job moves. */
const derived = { edit: false, filter: false } as const;

/**
 * One recording of a ticket (a member of its version, with its clip) in one job, and the verdict its
 * annotator gives it: qualified, or unqualified with a failure reason of the space. Accepting a
 * label ticket's job writes the verdicts and the annotations' labels back onto the bags.
 */
export const ticketItem = defineEntity({
  name: 'ticket-item',
  table: 'ticket_items',
  label: 'ticketItem:_',
  scope: 'tenant',
  title: 'bagId',
  sort: { field: 'bagId', order: 'asc' },
  belongsTo: 'jobId',
  listedWithin: 'ticketId',
  indexes: [['jobId'], ['bagId']],
  fields: {
    ticketId: reference('ticketItem:fields.ticketId', 'ticket', { ...derived, required: true, filter: 'equals', list: { width: 200 } }),
    jobId: reference('ticketItem:fields.jobId', 'ticket-job', { edit: 'create', required: true, list: { width: 100 } }),
    bagId: reference('ticketItem:fields.bagId', 'bag', { edit: 'create', required: true, list: { width: 260 } }),
    clipStart: duration('ticketItem:fields.clipStart', { ...derived, list: false }),
    clipEnd: duration('ticketItem:fields.clipEnd', { ...derived, list: false }),
    // The job's assignee, so a member's reach is a view (their own items).
    assignee: text('ticketItem:fields.assignee', { ...derived, required: false, max: 64, filter: 'equals', list: { width: 120 } }),
    qualityLabel: { ...bag.fields.qualityLabel, label: 'ticketItem:fields.qualityLabel', initial: 'unchecked' },
    qualitySubLabel: text('ticketItem:fields.qualitySubLabel', { required: false, max: 64, filter: 'equals', list: { width: 140 } }),
    note: textarea('ticketItem:fields.note'),
  },
});

export type TicketItem = EntityRecord<typeof ticketItem>;

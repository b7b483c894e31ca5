import { defineEntity, type EntityRecord } from './engine/entity';
import { datetime, enumOf, integer, reference, tags, text, textarea } from './engine/fields';
import { JOB_STATES } from './ticket-work';

/** Written by the server as the job moves; nobody types them. */
const derived = { edit: false, filter: false } as const;

/**
 * A share of a ticket's items for one member to annotate and a manager to review. Its state moves by
 * its people's actions alone, each kept with its time (ticket-job-event): the assignee starts and
 * submits it (or works a rejected one again), a manager of the ticket's team accepts it, rejects it
 * with a reason or gives it to someone; a job that is done stays as it is.
 */
export const ticketJob = defineEntity({
  name: 'ticket-job',
  table: 'ticket_jobs',
  label: 'ticketJob:_',
  scope: 'tenant',
  title: 'number',
  sort: { field: 'number', order: 'asc' },
  belongsTo: 'ticketId',
  // A ticket's jobs are read together (its page, its counts, a claim); a member's across tickets.
  listedWithin: 'ticketId',
  indexes: [['assignee']],
  fields: {
    ticketId: reference('ticketJob:fields.ticketId', 'ticket', { required: true, edit: 'create', list: { width: 200 } }),
    number: integer('ticketJob:fields.number', { ...derived, list: { width: 80 } }),
    itemCount: integer('ticketJob:fields.itemCount', { ...derived, list: { width: 90 } }),
    assignee: text('ticketJob:fields.assignee', { ...derived, required: false, max: 64, filter: 'equals', list: { width: 120 } }),
    // The ticket's managers, kept on each job so a manager's reach is a view like any other.
    managers: tags('ticketJob:fields.managers', { ...derived, filter: 'tagContains', list: false }),
    stage: enumOf(
      'ticketJob:fields.stage',
      [
        { value: 'annotate', label: 'ticketJob:stage.annotate', color: 'blue' },
        { value: 'review', label: 'ticketJob:stage.review', color: 'orange' },
        { value: 'accepted', label: 'ticketJob:stage.accepted', color: 'green' },
      ],
      { edit: false, initial: 'annotate', filter: 'equals', list: { width: 100 } },
    ),
    state: enumOf(
      'ticketJob:fields.state',
      JOB_STATES.map((value) => ({
        value,
        label: `ticketJob:state.${value}`,
        color: { new: 'default', in_progress: 'blue', submitted: 'orange', rejected: 'red', done: 'green' }[value],
      })),
      { initial: 'new', list: { width: 110 } },
    ),
    claimedUntil: datetime('ticketJob:fields.claimedUntil', { ...derived, list: false }),
    rejectReason: text('ticketJob:fields.rejectReason', { ...derived, required: false, max: 64, list: { width: 140 } }),
    rejectComment: textarea('ticketJob:fields.rejectComment', derived),
    rejections: integer('ticketJob:fields.rejections', { ...derived, list: { width: 90 } }),
    startedTime: datetime('ticketJob:fields.startedTime', { ...derived, list: false }),
    submittedTime: datetime('ticketJob:fields.submittedTime', { ...derived, list: false }),
    acceptedTime: datetime('ticketJob:fields.acceptedTime', { ...derived, list: { width: 170 } }),
  },
  states: {
    field: 'state',
    actions: {
      start: { label: 'ticketJob:actions.start', from: ['new'], to: 'in_progress' },
      submit: { label: 'ticketJob:actions.submit', from: ['in_progress'], to: 'submitted', confirm: true },
      // A rejected job is worked again before it is submitted again: nothing skips a manager's review.
      rework: { label: 'ticketJob:actions.rework', from: ['rejected'], to: 'in_progress' },
      accept: { label: 'ticketJob:actions.accept', from: ['submitted'], to: 'done', confirm: true },
    },
  },
});

export type TicketJob = EntityRecord<typeof ticketJob>;

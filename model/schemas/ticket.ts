import { defineEntity, type EntityRecord } from './engine/entity';
import { duration, enumOf, integer, reference, tags, text, textarea } from './engine/fields';
import { CLAIM_IDLE_MINUTES, DISTRIBUTIONS, JOB_SIZE } from './ticket-work';

/** Written by the server from the version, the team and the jobs; nobody types them. */
const derived = { edit: false, filter: false } as const;

/**
 * Spec §3 ticket: a dataset version's recordings given to a team to label, process or check. Its
 * items are the version's members, split into jobs the team works through (ticket-job); its counts
 * and status follow those jobs. Spec §4: marked done after confirmation (by a manager, with a reason
 * while work is open), reopened by a manager.
 */
export const ticket = defineEntity({
  name: 'ticket',
  table: 'tickets',
  label: 'ticket:_',
  scope: 'tenant',
  title: 'name',
  sort: { field: 'createdTime', order: 'desc' },
  indexes: [['manager'], ['datasetId']],
  fields: {
    name: text('ticket:fields.name', { max: 100, list: { width: 240 } }),
    ticketType: enumOf('ticket:fields.ticketType', [
      { value: 'label', label: 'ticket:types.label', color: 'blue' },
      { value: 'processing', label: 'ticket:types.processing', color: 'purple' },
      { value: 'quality_check', label: 'ticket:types.qualityCheck', color: 'orange' },
    ]),
    versionId: reference('ticket:fields.versionId', 'dataset-version', { required: true, edit: 'create', list: { width: 110 } }),
    datasetId: reference('ticket:fields.datasetId', 'dataset', { ...derived, filter: 'equals', list: { width: 200 } }),
    batch: text('ticket:fields.batch', { max: 64, filter: 'equals', list: { width: 130 } }),
    dataCount: integer('ticket:fields.dataCount', { ...derived, list: { sortable: true, width: 100 } }),
    duration: duration('ticket:fields.duration', { ...derived, list: false }),
    teamId: reference('ticket:fields.teamId', 'ticket-team', { required: true, edit: 'create', list: { width: 150 } }),
    // Whoever made the ticket, unless another is named.
    manager: text('ticket:fields.manager', { required: false, max: 64, filter: 'equals', list: { width: 110 } }),
    // The team's managers and members when the ticket was made: who manages it, who it names.
    managers: tags('ticket:fields.managers', { ...derived, filter: 'tagContains', list: false }),
    operators: tags('ticket:fields.operators', { ...derived, filter: 'tagContains', list: { width: 180 } }),
    jobSize: integer('ticket:fields.jobSize', { ...JOB_SIZE, edit: 'create', required: true, example: () => 10, list: false }),
    // Round robin unless chosen otherwise.
    distribution: enumOf('ticket:fields.distribution', DISTRIBUTIONS, { edit: 'create', required: false, list: false }),
    claimIdleMinutes: integer('ticket:fields.claimIdleMinutes', { ...CLAIM_IDLE_MINUTES, example: () => 30, list: false }),
    jobCount: integer('ticket:fields.jobCount', { ...derived, list: false }),
    // Items by where their job stands: the list's progress bar shows rejected work apart.
    acceptedItems: integer('ticket:fields.acceptedItems', { ...derived, list: false }),
    reviewItems: integer('ticket:fields.reviewItems', { ...derived, list: false }),
    rejectedItems: integer('ticket:fields.rejectedItems', { ...derived, list: false }),
    workingItems: integer('ticket:fields.workingItems', { ...derived, list: false }),
    status: enumOf(
      'ticket:fields.status',
      [
        { value: 'pending', label: 'ticket:status.pending', color: 'default' },
        { value: 'processing', label: 'ticket:status.processing', color: 'blue' },
        { value: 'done', label: 'ticket:status.done', color: 'green' },
      ],
      { initial: 'pending' },
    ),
    doneReason: textarea('ticket:fields.doneReason', { ...derived, show: true }),
    description: textarea('ticket:fields.description'),
  },
  // Marking it done takes a confirmation of what is open and, with open work, a reason: the ticket's
  // mark-done call, granted as "markDone" by the lists. Reopening is a plain move.
  states: {
    field: 'status',
    actions: {
      reopen: { label: 'ticket:actions.reopen', from: ['done'], to: 'processing', confirm: true },
    },
  },
});

export type Ticket = EntityRecord<typeof ticket>;

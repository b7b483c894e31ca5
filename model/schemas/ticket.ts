import { staff } from '../access/rules';
import { defineEntity, type EntityRecord } from './engine/entity';
import { duration, enumOf, integer, reference, tags, text, textarea } from './engine/fields';

/**
 * Spec §3 ticket: a batch of a dataset's data given to a team to label, process or check. Its
 * manager and operators (account codes) find it under "managed" and "pending". Spec §4: the status
 * can be updated, and marked done after confirmation.
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
    datasetId: reference('ticket:fields.datasetId', 'dataset', { required: true, list: { width: 200 } }),
    batch: text('ticket:fields.batch', { max: 64, filter: 'equals', list: { width: 130 } }),
    dataCount: integer('ticket:fields.dataCount', { max: 1_000_000, required: true }),
    duration: duration('ticket:fields.duration', { list: false }),
    teamId: reference('ticket:fields.teamId', 'ticket-team', { required: true, list: { width: 150 } }),
    manager: text('ticket:fields.manager', { max: 64, filter: 'equals', list: { width: 110 } }),
    operators: tags('ticket:fields.operators', { max: 100, list: { width: 180 } }),
    status: enumOf(
      'ticket:fields.status',
      [
        { value: 'pending', label: 'ticket:status.pending', color: 'default' },
        { value: 'processing', label: 'ticket:status.processing', color: 'blue' },
        { value: 'done', label: 'ticket:status.done', color: 'green' },
      ],
      { initial: 'pending' },
    ),
    description: textarea('ticket:fields.description'),
  },
  states: {
    field: 'status',
    actions: {
      start: { label: 'ticket:actions.start', from: ['pending'], to: 'processing' },
      markDone: { label: 'ticket:actions.markDone', from: ['pending', 'processing'], to: 'done', confirm: true },
      // Undoing a finished ticket is the staff's call, not the operator's.
      reopen: { label: 'ticket:actions.reopen', from: ['done'], to: 'processing', confirm: true, auth: staff },
    },
  },
});

export type Ticket = EntityRecord<typeof ticket>;

import { defineEntity, type EntityRecord } from './engine/entity';
import { enumOf, reference, tags, text, textarea } from './engine/fields';

/** One annotation of a ticket on one bag: the ticket lists its bags, the bag its tickets. Spec §4: annotations can be deleted. */
export const ticketItem = defineEntity({
  name: 'ticket-item',
  table: 'ticket_items',
  label: 'ticketItem:_',
  scope: 'tenant',
  title: 'label',
  sort: { field: 'createdTime', order: 'desc' },
  indexes: [['ticketId'], ['bagId']],
  belongsTo: 'ticketId',
  fields: {
    ticketId: reference('ticketItem:fields.ticketId', 'ticket', { required: true, list: { width: 200 } }),
    bagId: reference('ticketItem:fields.bagId', 'bag', { required: true, list: { width: 260 } }),
    label: text('ticketItem:fields.label', { max: 64, list: { width: 160 } }),
    status: enumOf('ticketItem:fields.status', [
      { value: 'labeled', label: 'ticketItem:status.labeled', color: 'blue' },
      { value: 'approved', label: 'ticketItem:status.approved', color: 'green' },
      { value: 'rejected', label: 'ticketItem:status.rejected', color: 'red' },
    ]),
    tags: tags('ticketItem:fields.tags'),
    annotation: textarea('ticketItem:fields.annotation', { max: 2000 }),
  },
});

export type TicketItem = EntityRecord<typeof ticketItem>;

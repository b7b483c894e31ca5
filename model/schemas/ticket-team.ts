import { defineEntity, type EntityRecord } from './engine/entity';
import { tags, text, textarea } from './engine/fields';

/** Spec §3 ticket team: who manages and who works its tickets (account codes). Spec §5: name, managers and members required. */
export const ticketTeam = defineEntity({
  name: 'ticket-team',
  table: 'ticket_teams',
  label: 'ticketTeam:_',
  scope: 'tenant',
  title: 'name',
  sort: { field: 'createdTime', order: 'desc' },
  unique: [['name']],
  fields: {
    name: text('ticketTeam:fields.name', { max: 64, list: { width: 200 } }),
    managers: tags('ticketTeam:fields.managers', { required: true, max: 20 }),
    members: tags('ticketTeam:fields.members', { required: true, max: 200 }),
    description: textarea('ticketTeam:fields.description'),
  },
});

export type TicketTeam = EntityRecord<typeof ticketTeam>;

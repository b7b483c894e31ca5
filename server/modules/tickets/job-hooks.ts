import { sql } from 'kysely';
import { stageOf } from '../../../model/schemas/ticket-work';
import type { EntityHooks, HookContext, Values } from '../../engine/hooks';
import { recordMoves } from './job-events';
import { settleTicket } from './settle-ticket';
import { refuseWhenDone, ticketOf, type TicketRow } from './ticket-rows';
import { writeBack } from './write-back';

const minutes = (n: number) => n * 60_000;

/** A claimed job's hold, renewed by its claimer's every move: it lapses only after the ticket's idle time untouched. */
export const holdUntil = (ticket: TicketRow, now: Date) =>
  ticket.distribution === 'claim' ? new Date(now.getTime() + minutes(ticket.claimIdleMinutes ?? 30)) : null;

/** What each move sets besides the state: the stage it reaches, and its time. */
function changesOf(action: string, ticket: TicketRow, now: Date) {
  return (row: Values): Values => {
    switch (action) {
      case 'start':
        return { stage: 'annotate', startedTime: row.startedTime ?? now, claimedUntil: holdUntil(ticket, now) };
      case 'rework':
        return { stage: 'annotate', claimedUntil: holdUntil(ticket, now) };
      case 'submit':
        return { stage: 'review', submittedTime: now, claimedUntil: null };
      case 'accept':
        return { stage: 'accepted', acceptedTime: now };
      default:
        return {};
    }
  };
}

const ticketsOf = async (context: HookContext, rows: Values[]) => {
  const tickets = new Map<number, TicketRow>();
  for (const id of new Set(rows.map((row) => Number(row.ticketId)))) tickets.set(id, await ticketOf(context.db, id));
  return tickets;
};

/**
 * A job's moves: who may make which is the lists' (a member's own jobs, a manager's reviews); here,
 * that a done ticket's jobs stay put, and what each move sets. After it, the move is kept, the
 * ticket's counts and status follow, and an accepted label job's verdicts reach the bags.
 */
export const jobHooks: EntityHooks = {
  beforeTransition: async (context, action, rows) => {
    const tickets = await ticketsOf(context, rows);
    for (const ticket of tickets.values()) refuseWhenDone(ticket);
    const only = tickets.size === 1 ? [...tickets.values()][0]! : undefined;
    return (row: Values) => changesOf(action, only ?? tickets.get(Number(row.ticketId))!, context.now)(row);
  },
  // Jobs are cut by their ticket; the system alone makes one otherwise (an import): it gets the ticket's managers and the next number.
  beforeCreate: async (context, input) => {
    const ticket = await ticketOf(context.db, Number(input.ticketId));
    const { rows } = await sql<{ n: string }>`select coalesce(max(number), 0) + 1 as n from ticket_jobs where ticket_id = ${ticket.id}`.execute(context.db);
    return {
      assignee: input.assignee ?? '',
      managers: input.managers ?? ticket.managers,
      number: input.number ?? Number(rows[0]!.n),
      itemCount: input.itemCount ?? 0,
      rejections: input.rejections ?? 0,
      stage: stageOf(String(input.state ?? 'new')),
    };
  },
  afterTransition: async (context, action, before, after) => {
    await recordMoves(
      context.db,
      context.actor,
      context.now,
      after.map((row, index) => ({
        tenantId: Number(row.tenantId),
        ticketId: Number(row.ticketId),
        jobId: Number(row.id),
        action,
        fromState: String(before[index]!.state),
        toState: String(row.state),
        assignee: String(row.assignee ?? ''),
        itemCount: Number(row.itemCount ?? 0),
      })),
    );
    const tickets = await ticketsOf(context, after);
    if (action === 'accept') for (const row of after) if (tickets.get(Number(row.ticketId))!.ticketType === 'label') await writeBack(context, Number(row.id));
    for (const id of tickets.keys()) await settleTicket(context.db, id);
  },
};

import { ticket } from '../../../model/schemas/ticket';
import { ticketJob } from '../../../model/schemas/ticket-job';
import type { Db } from '../../db/tables';
import { loose } from '../../engine/queries';
import { ApiError, notFound } from '../../http/api-error';

/** What the tickets module reads of a ticket. */
export interface TicketRow {
  id: number;
  tenantId: number;
  ticketType: string;
  status: string;
  teamId: number;
  versionId: number;
  jobSize: number;
  distribution: string;
  claimIdleMinutes: number | null;
  managers: string[];
  operators: string[];
}

/** What it reads of a job. */
export interface JobRow {
  id: number;
  tenantId: number;
  ticketId: number;
  number: number;
  itemCount: number;
  assignee: string;
  state: string;
  rejections: number;
}

const numbers = <T extends object>(row: T, keys: (keyof T)[]): T =>
  Object.assign({}, row, Object.fromEntries(keys.map((key) => [key, row[key] === null ? null : Number(row[key])])));

/** The ticket, locked for the rest of the transaction when `lock`: distributing and claiming take their turns on it. */
export async function ticketOf(db: Db, id: number, lock = false): Promise<TicketRow> {
  let query = loose(db).selectFrom(ticket.table).selectAll().where('id', '=', id);
  if (lock) query = query.forUpdate();
  const row = (await query.executeTakeFirst()) as TicketRow | undefined;
  if (!row) throw notFound();
  return numbers(row, ['id', 'tenantId', 'teamId', 'versionId', 'jobSize', 'claimIdleMinutes']);
}

export async function jobOf(db: Db, id: number, lock = false): Promise<JobRow> {
  let query = loose(db).selectFrom(ticketJob.table).selectAll().where('id', '=', id);
  if (lock) query = query.forUpdate();
  const row = (await query.executeTakeFirst()) as JobRow | undefined;
  if (!row) throw notFound();
  return numbers(row, ['id', 'tenantId', 'ticketId', 'number', 'itemCount', 'rejections']);
}

/** A done ticket's work stays as it is until a manager reopens it. */
export const refuseWhenDone = (row: TicketRow, message = 'ticketJob:errors.ticketDone') => {
  if (row.status === 'done') throw new ApiError(409, message);
};

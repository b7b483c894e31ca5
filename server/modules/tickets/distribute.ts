import { sql } from 'kysely';
import type { Db } from '../../db/tables';
import { actorName, type Actor } from '../../engine/actor';
import { ApiError } from '../../http/api-error';
import { recordMovesOf } from './job-events';
import type { TicketRow } from './ticket-rows';

/** The team's members who take jobs, in the team's order. */
export async function teamMembers(db: Db, teamId: number): Promise<string[]> {
  const { rows } = await sql<{ members: string[] }>`select members from ticket_teams where id = ${teamId}`.execute(db);
  return [...new Set(rows[0]?.members ?? [])];
}

/** Each member's open jobs across the space (new, in progress, rejected): the "fewest open first" order. */
async function openLoads(db: Db, tenantId: number, members: readonly string[]): Promise<Map<string, number>> {
  const { rows } = await sql<{ assignee: string; n: string }>`
    select assignee, count(*) as n from ticket_jobs
    where tenant_id = ${tenantId} and assignee = any(${[...members]}::text[]) and state in ('new', 'in_progress', 'rejected')
    group by assignee`.execute(db);
  return new Map(members.map((member) => [member, Number(rows.find((row) => row.assignee === member)?.n ?? 0)]));
}

/**
 * Gives the ticket's unassigned jobs out by its distribution: round robin over the team's members
 * (continuing where the last assignment left off), or each to whoever has the fewest open jobs then.
 * Manual and claim tickets give nothing out here. The caller holds the ticket's lock, so two managers
 * distributing at once take turns and no job is given twice. Answers how many jobs were given.
 */
export async function distribute(db: Db, actor: Actor, now: Date, ticket: TicketRow): Promise<number> {
  if (ticket.distribution === 'manual' || ticket.distribution === 'claim') return 0;
  const members = await teamMembers(db, ticket.teamId);
  if (members.length === 0) throw new ApiError(409, 'ticket:errors.emptyTeam');
  const { rows: open } = await sql<{ id: string }>`
    select id from ticket_jobs where ticket_id = ${ticket.id} and assignee = '' and state = 'new' order by number`.execute(db);
  if (open.length === 0) return 0;
  const given = new Map<string, number[]>();
  const give = (member: string, id: number) => given.set(member, [...(given.get(member) ?? []), id]);
  if (ticket.distribution === 'round_robin') {
    const { rows } = await sql<{ n: string }>`select count(*) as n from ticket_jobs where ticket_id = ${ticket.id} and assignee <> ''`.execute(db);
    const start = Number(rows[0]!.n);
    open.forEach((job, index) => give(members[(start + index) % members.length]!, Number(job.id)));
  } else {
    const loads = await openLoads(db, ticket.tenantId, members);
    for (const job of open) {
      // The lightest load, the team's order breaking ties.
      const member = members.reduce((best, candidate) => (loads.get(candidate)! < loads.get(best)! ? candidate : best));
      give(member, Number(job.id));
      loads.set(member, loads.get(member)! + 1);
    }
  }
  for (const [member, ids] of given) await assignJobs(db, actor, now, ticket.tenantId, ids, member);
  await recordMovesOf(db, actor, now, [...given.values()].flat(), 'assign', 'new', 'new');
  return open.length;
}

/** Gives jobs to a member: the jobs, their items and their annotations name the member from now on. */
export async function assignJobs(
  db: Db,
  actor: Actor,
  now: Date,
  tenantId: number,
  jobIds: readonly number[],
  assignee: string,
  claimedUntil: Date | null = null,
) {
  const ids = [...jobIds];
  await sql`
    update ticket_jobs set assignee = ${assignee}, claimed_until = ${claimedUntil}, updated_by = ${actorName(actor)},
      updated_time = greatest(${now}, updated_time + interval '1 millisecond')
    where id = any(${ids}::bigint[])`.execute(db);
  // By the space too: their job indexes lead with it.
  await sql`update ticket_items set assignee = ${assignee} where tenant_id = ${tenantId} and job_id = any(${ids}::bigint[])`.execute(db);
  await sql`update annotations set assignee = ${assignee} where tenant_id = ${tenantId} and job_id = any(${ids}::bigint[])`.execute(db);
}

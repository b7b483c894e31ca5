import { sql } from 'kysely';
import { datasetVersion } from '../../../model/schemas/dataset-version';
import { ticket } from '../../../model/schemas/ticket';
import { ticketTeam } from '../../../model/schemas/ticket-team';
import { actorTenant } from '../../engine/actor';
import type { EntityHooks, HookContext } from '../../engine/hooks';
import { loose } from '../../engine/queries';
import { ApiError } from '../../http/api-error';
import { distribute } from './distribute';
import { makeWork } from './make-work';
import { settleTicket } from './settle-ticket';
import { ticketOf } from './ticket-rows';

/** The open jobs of a ticket and all of them. */
export async function jobCounts(db: HookContext['db'], ticketId: number) {
  const { rows } = await sql<{ total: string; open: string; accepted: string }>`
    select count(*) as total, count(*) filter (where state <> 'done') as open, count(*) filter (where state = 'done') as accepted
    from ticket_jobs where ticket_id = ${ticketId}`.execute(db);
  return { total: Number(rows[0]!.total), open: Number(rows[0]!.open), accepted: Number(rows[0]!.accepted) };
}

/**
 * A ticket is made from a dataset version: its dataset, data count and duration are the version's,
 * its managers and operators its team's, its manager whoever made it (unless named); its items and
 * jobs follow at once, handed out by its distribution. Deleting it takes its work with it.
 */
export const ticketHooks: EntityHooks = {
  beforeCreate: async (context, input) => {
    const tenantId = Number(actorTenant(context.actor));
    const version = (await loose(context.db)
      .selectFrom(datasetVersion.table)
      .select(['id', 'datasetId', 'bagCount', 'totalDuration'])
      .where('id', '=', Number(input.versionId))
      .where('tenantId', '=', tenantId)
      .executeTakeFirst()) as { datasetId: number; bagCount: number; totalDuration: number } | undefined;
    const team = (await loose(context.db)
      .selectFrom(ticketTeam.table)
      .select(['managers', 'members'])
      .where('id', '=', Number(input.teamId))
      .where('tenantId', '=', tenantId)
      .executeTakeFirst()) as { managers: string[]; members: string[] } | undefined;
    if (!version || !team) return; // the reference check refuses it
    if (Number(version.bagCount) === 0) throw new ApiError(400, 'ticket:errors.emptyVersion', {}, { field: 'versionId' });
    const me = context.actor.kind === 'person' ? context.actor.principal.account.code : '';
    return {
      datasetId: Number(version.datasetId),
      dataCount: Number(version.bagCount),
      duration: Number(version.totalDuration),
      // The system (an import) may name them; a person's ticket takes its team's.
      managers: input.managers ?? team.managers,
      operators: input.operators ?? team.members,
      manager: input.manager || me,
      jobCount: 0,
      acceptedItems: 0,
      reviewItems: 0,
      rejectedItems: 0,
      workingItems: 0,
      claimIdleMinutes: input.claimIdleMinutes ?? 30,
      distribution: input.distribution || 'round_robin',
    };
  },
  afterCreate: async (context, record) => {
    const row = await ticketOf(context.db, Number(record.id), true);
    await makeWork(context.db, context.actor, context.now, row, Number(record.dataCount));
    await distribute(context.db, context.actor, context.now, row);
    await settleTicket(context.db, row.id);
    Object.assign(record, await loose(context.db).selectFrom(ticket.table).select(['jobCount', 'status']).where('id', '=', row.id).executeTakeFirst());
  },
  beforeDelete: async (context, rows) => {
    const ids = rows.map((row) => Number(row.id));
    for (const table of ['annotations', 'ticket_items', 'ticket_job_events', 'ticket_jobs'])
      await loose(context.db).deleteFrom(table).where('ticketId', 'in', ids).execute();
  },
};

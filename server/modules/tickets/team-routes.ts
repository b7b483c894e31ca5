import { sql } from 'kysely';
import { z } from 'zod';
import { envelope } from '../../../model/schemas/envelope';
import { ticketTeam } from '../../../model/schemas/ticket-team';
import { principalOf } from '../../auth/guard';
import type { ApiApp, AppContext } from '../../context';
import { listAccess } from '../../engine/list-access';
import { rowsInScope } from '../../engine/queries';
import { ok } from '../../http/envelope';
import { idParams } from '../../http/route-params';

const memberWork = z.object({ member: z.string(), open: z.number(), inReview: z.number(), rejected: z.number(), accepted: z.number() });

/** A team's members and their work on the team's tickets: open jobs, jobs in review, rejected, accepted. */
export function teamRoutes(app: ApiApp, { db, reach }: AppContext): void {
  app.get('/data/ticket-team/:id/work', {
    config: { access: listAccess(ticketTeam.name, 'read') },
    schema: {
      tags: ['ticket-team'],
      summary: 'A team’s members and their open work',
      description:
        'Per member of the team (in the team’s order): jobs of the team’s tickets that wait on them (new, in progress, rejected), in review, rejected, accepted.',
      params: idParams,
      response: { 200: envelope(z.array(memberWork)) },
    },
    handler: async (request) => {
      const [team] = await rowsInScope(db, reach.scope(principalOf(request), ticketTeam.name, 'read'), [request.params.id]);
      const members = [...new Set((team!.members as string[]) ?? [])];
      const { rows } = await sql<{ member: string; open: string; inReview: string; rejected: string; accepted: string }>`
        select j.assignee as member,
          count(*) filter (where j.state in ('new', 'in_progress', 'rejected')) as open,
          count(*) filter (where j.state = 'submitted') as "inReview",
          count(*) filter (where j.state = 'rejected') as rejected,
          count(*) filter (where j.state = 'done') as accepted
        from ticket_jobs j join tickets t on t.id = j.ticket_id
        where t.team_id = ${Number(team!.id)} and j.assignee = any(${members}::text[])
        group by j.assignee`.execute(db);
      const byMember = new Map(rows.map((row) => [row.member, row]));
      return ok(
        members.map((member) => {
          const row = byMember.get(member);
          return {
            member,
            open: Number(row?.open ?? 0),
            inReview: Number(row?.inReview ?? 0),
            rejected: Number(row?.rejected ?? 0),
            accepted: Number(row?.accepted ?? 0),
          };
        }),
      );
    },
  });
}

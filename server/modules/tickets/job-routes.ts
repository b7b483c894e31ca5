import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelope } from '../../../model/schemas/envelope';
import { ticketJob } from '../../../model/schemas/ticket-job';
import { assignPayload, rejectPayload } from '../../../model/schemas/ticket-work';
import { principalOf } from '../../auth/guard';
import type { ApiApp, AppContext } from '../../context';
import { personActor } from '../../engine/actor';
import { listAccess } from '../../engine/list-access';
import { rowsInScope } from '../../engine/queries';
import { ApiError } from '../../http/api-error';
import { ok } from '../../http/envelope';
import { assignJobs, teamMembers } from './distribute';
import { recordMoves } from './job-events';
import { rejectJob } from './reject-job';
import { jobOf, refuseWhenDone, ticketOf } from './ticket-rows';
import { idParams } from '../../http/route-params';

const moved = envelope(z.object({ id: z.number(), state: z.string(), assignee: z.string() }));

/**
 * A manager's calls about one job of a ticket they manage (the reviews view grants them): send it
 * back with a reason of the space's list, or give it to a member of the team.
 */
export function jobRoutes(app: ApiApp, { db, reach, records, clock }: AppContext): void {
  // Whether the job is the caller's to review is told before what they sent is read: out of reach is 404 whatever the body.
  const reviewable = async (request: FastifyRequest) => {
    const id = (request.params as { id?: string }).id ?? '';
    if (/^\d{1,15}$/.test(id)) await rowsInScope(db, reach.scope(principalOf(request), ticketJob.name, 'accept'), [Number(id)]);
  };

  app.post('/data/ticket-job/:id/reject', {
    config: { access: listAccess(ticketJob.name, 'accept') },
    preValidation: reviewable,
    schema: {
      tags: ['ticket-job'],
      summary: 'Send a submitted job back to its annotator',
      description:
        'A manager of the ticket’s team rejects a submitted job with a reason (a rework label of the space) and a comment; the job returns to its annotator, who works it again before submitting it again. 409 when it is not submitted or the ticket is done.',
      params: idParams,
      body: rejectPayload,
      response: { 200: moved },
    },
    handler: async (request) => {
      const principal = principalOf(request);
      const { reason, comment = '' } = request.body;
      const result = await records.transaction((service, trx) => rejectJob(service, trx, personActor(principal), clock(), request.params.id, reason, comment));
      return ok(result);
    },
  });

  app.post('/data/ticket-job/:id/assign', {
    config: { access: listAccess(ticketJob.name, 'accept') },
    preValidation: reviewable,
    schema: {
      tags: ['ticket-job'],
      summary: 'Give a job to a member of the team',
      description:
        'A manager of the ticket’s team gives a job that is not done to one of the team’s members; its items and annotations go with it, and any claim on it ends. 400 when the member is not in the team.',
      params: idParams,
      body: assignPayload,
      response: { 200: moved },
    },
    handler: async (request) => {
      const principal = principalOf(request);
      const { assignee } = request.body;
      const result = await records.transaction(async (_service, trx) => {
        const job = await jobOf(trx, request.params.id, true);
        const ticket = await ticketOf(trx, job.ticketId);
        refuseWhenDone(ticket);
        if (job.state === 'done') throw new ApiError(409, 'ticketJob:errors.done');
        if (!(await teamMembers(trx, ticket.teamId)).includes(assignee))
          throw new ApiError(400, 'ticket:errors.notMember', { assignee }, { field: 'assignee' });
        const now = clock();
        await assignJobs(trx, personActor(principal), now, job.tenantId, [job.id], assignee);
        await recordMoves(trx, personActor(principal), now, [
          {
            tenantId: job.tenantId,
            ticketId: job.ticketId,
            jobId: job.id,
            assignee,
            itemCount: job.itemCount,
            action: 'assign',
            fromState: job.state,
            toState: job.state,
          },
        ]);
        return { id: job.id, state: job.state, assignee };
      });
      return ok(result);
    },
  });
}

import { z } from 'zod';
import { envelope } from '../../../model/schemas/envelope';
import { label } from '../../../model/schemas/label';
import { ticket } from '../../../model/schemas/ticket';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../../model/schemas/languages';
import { COLLECTORS, distributePayload, markDonePayload, ticketStatistics as statisticsAnswer } from '../../../model/schemas/ticket-work';
import { principalOf } from '../../auth/guard';
import type { ApiApp, AppContext } from '../../context';
import { personActor, systemActor } from '../../engine/actor';
import { listAccess } from '../../engine/list-access';
import { loose, rowsInScope } from '../../engine/queries';
import { ApiError } from '../../http/api-error';
import { ok } from '../../http/envelope';
import { distribute } from './distribute';
import { claimJob } from './claim-job';
import { jobCounts } from './ticket-hooks';
import { statisticsCsv, ticketStatistics } from './statistics';
import { refuseWhenDone, ticketOf } from './ticket-rows';
import { idParams } from '../../http/route-params';

/** Labels a ticket's pages offer at most: a space keeps tens of them. */
const LABELS_MAX = 1000;

/** A ticket's own calls: claim its next job, hand its open jobs out, and mark it done with a reason. */
export function ticketRoutes(app: ApiApp, { db, reach, records, clock }: AppContext): void {
  app.post('/data/ticket/:id/claim', {
    config: { access: listAccess(ticket.name, 'read') },
    schema: {
      tags: ['ticket'],
      summary: 'Claim the next job of a ticket',
      description:
        'A member of the ticket’s team takes its next unassigned job, or one whose claim lapsed (idle past the ticket’s time), and holds it while working. Concurrent claims never get the same job. 409 when the ticket is not a claim ticket, is done, or nothing is left.',
      params: idParams,
      response: { 200: envelope(z.object({ id: z.number(), number: z.number(), claimedUntil: z.string() })) },
    },
    handler: async (request) => {
      const principal = principalOf(request);
      const [row] = await rowsInScope(db, reach.scope(principal, ticket.name, 'read'), [request.params.id]);
      const result = await records.transaction((_service, trx) => claimJob(trx, personActor(principal), row!, principal.account.code, clock()));
      return ok(result);
    },
  });

  app.post('/data/ticket/:id/distribute', {
    config: { access: listAccess(ticket.name, 'markDone') },
    schema: {
      tags: ['ticket'],
      summary: 'Hand out a ticket’s unassigned jobs',
      description:
        'A manager of the ticket hands its unassigned new jobs out by its distribution (round robin, or fewest open jobs first), or by the mode named (a manual ticket’s jobs at once); two managers doing so at once take turns, and no job is given twice. A claim ticket’s jobs are claimed, not handed out.',
      params: idParams,
      body: distributePayload,
      response: { 200: envelope(z.object({ given: z.number() })) },
    },
    handler: async (request) => {
      const principal = principalOf(request);
      await rowsInScope(db, reach.scope(principal, ticket.name, 'markDone'), [request.params.id]);
      const given = await records.transaction(async (_service, trx) => {
        const row = await ticketOf(trx, request.params.id, true);
        refuseWhenDone(row, 'ticket:errors.done');
        const mode = request.body?.mode;
        return distribute(trx, personActor(principal), clock(), mode ? { ...row, distribution: mode } : row);
      });
      return ok({ given });
    },
  });

  app.post('/data/ticket/:id/mark-done', {
    config: { access: listAccess(ticket.name, 'markDone') },
    schema: {
      tags: ['ticket'],
      summary: 'Mark a ticket done',
      description:
        'Spec §4, after confirmation: with every job accepted, as is; with jobs still open, only with a written reason, which the ticket keeps. 409 when it is done already.',
      params: idParams,
      body: markDonePayload,
      response: { 200: envelope(z.object({ id: z.number(), status: z.string(), open: z.number(), total: z.number() })) },
    },
    handler: async (request) => {
      const principal = principalOf(request);
      const [current] = await rowsInScope(db, reach.scope(principal, ticket.name, 'markDone'), [request.params.id]);
      const reason = request.body.reason ?? '';
      const result = await records.transaction(async (service, trx) => {
        const counts = await jobCounts(trx, Number(current!.id));
        if (counts.open > 0 && !reason) throw new ApiError(400, 'ticket:errors.openJobs', counts, { field: 'reason' });
        refuseWhenDone(await ticketOf(trx, Number(current!.id), true), 'ticket:errors.done');
        await service.update(systemActor(Number(current!.tenantId)), ticket, { id: Number(current!.id), status: 'done', doneReason: reason });
        return { id: Number(current!.id), status: 'done', ...counts };
      });
      return ok(result);
    },
  });

  app.get('/data/ticket/:id/statistics', {
    config: { access: listAccess(ticket.name, 'read') },
    schema: {
      tags: ['ticket'],
      summary: 'A ticket’s statistics',
      description:
        'Per member and for the whole ticket: jobs and items assigned and accepted, rejections, first-pass acceptance, rework, time in progress (from the server’s record of every move) and items per hour; items accepted per day (China time); and a finish forecast at the last week’s pace.',
      params: idParams,
      response: { 200: envelope(statisticsAnswer) },
    },
    handler: async (request) => {
      const [row] = await rowsInScope(db, reach.scope(principalOf(request), ticket.name, 'read'), [request.params.id]);
      return ok(await ticketStatistics(db, Number(row!.id), clock()));
    },
  });

  app.get('/data/ticket/:id/statistics/export', {
    config: { access: listAccess(ticket.name, 'read') },
    schema: {
      tags: ['ticket'],
      summary: 'A ticket’s statistics as CSV',
      description: 'The chosen collectors’ rows (spec §5: 1 to 100, comma-separated account codes) and the ticket’s total, in the language asked for.',
      params: idParams,
      querystring: z.object({
        collectors: z
          .string()
          .max(6500, 'validation:maxLength')
          .transform((text) => [
            ...new Set(
              text
                .split(',')
                .map((code) => code.trim())
                .filter(Boolean),
            ),
          ])
          .refine((codes) => codes.length >= COLLECTORS.min && codes.length <= COLLECTORS.max, 'ticket:errors.collectors'),
        lang: z.enum(LANGUAGES).optional(),
      }),
    },
    handler: async (request, reply) => {
      const [row] = await rowsInScope(db, reach.scope(principalOf(request), ticket.name, 'read'), [request.params.id]);
      const statistics = await ticketStatistics(db, Number(row!.id), clock(), request.query.collectors);
      reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="ticket-${String(row!.id)}-statistics.csv"`);
      return reply.send(statisticsCsv(statistics, request.query.lang ?? DEFAULT_LANGUAGE));
    },
  });

  app.get('/data/ticket/:id/labels', {
    config: { access: listAccess(ticket.name, 'read') },
    schema: {
      tags: ['ticket'],
      summary: 'The labels a ticket’s work uses',
      description:
        'The space’s labels of the kinds asked for (scene, quality and failure labels mark ranges; rework labels are reasons to reject), for whoever reads the ticket: its annotators may not open the space’s label list.',
      params: idParams,
      querystring: z.object({ labelType: z.string().max(200, 'validation:maxLength').optional() }),
      response: { 200: envelope(z.object({ records: z.array(z.object({ id: z.number(), name: z.string(), labelType: z.string() })), total: z.number() })) },
    },
    handler: async (request) => {
      const [row] = await rowsInScope(db, reach.scope(principalOf(request), ticket.name, 'read'), [request.params.id]);
      const kinds = (request.query.labelType ?? '')
        .split(',')
        .map((kind) => kind.trim())
        .filter(Boolean);
      let query = loose(db).selectFrom(label.table).select(['id', 'name', 'labelType']).where('tenantId', '=', Number(row!.tenantId));
      if (kinds.length) query = query.where('labelType', 'in', kinds);
      const records = ((await query.orderBy('name').limit(LABELS_MAX).execute()) as { id: number; name: string; labelType: string }[]).map((one) => ({
        ...one,
        id: Number(one.id),
      }));
      return ok({ records, total: records.length });
    },
  });
}

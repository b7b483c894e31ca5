import { z } from 'zod';
import { envelope } from '../../../model/schemas/envelope';
import { evaluationRecord } from '../../../model/schemas/evaluation-record';
import { overviewRow, pairwiseAnswer } from '../../../model/schemas/evaluation-results';
import { entityIdParam } from '../../../model/schemas/fields';
import { principalOf } from '../../auth/guard';
import type { ApiApp, AppContext } from '../../context';
import { listAccess } from '../../engine/list-access';
import { rowsInScope } from '../../engine/queries';
import { ApiError } from '../../http/api-error';
import { ok } from '../../http/envelope';
import { idParams } from '../../http/route-params';
import { pairedDifference } from './differences';
import { evaluationOverview, pairwise } from './overview';
import { itemResults } from './item-results';

const itemResult = z.object({
  itemId: z.number(),
  bagId: z.number(),
  bagName: z.string(),
  bagStartTime: z.string().nullable(),
  bagEndTime: z.string().nullable(),
  success: z.boolean(),
  progress: z.number(),
  durationMs: z.number(),
  failureMode: z.string().nullable(),
  files: z.array(z.string()),
});

/** The evaluation overview, the items behind one of its rows, and two evaluations compared item by item. */
export function overviewRoutes(app: ApiApp, { db, reach }: AppContext): void {
  const scope = (request: Parameters<typeof principalOf>[0]) => reach.scope(principalOf(request), evaluationRecord.name, 'read');
  const access = { access: listAccess(evaluationRecord.name, 'read') };

  app.get('/evaluation/overview', {
    config: access,
    schema: {
      tags: ['evaluation-record'],
      summary: 'How the space’s models do on its structured datasets',
      description:
        'Per model × structured dataset (its newest successful evaluation) × robot with its arms: trials, success rate with its Wilson 95% interval (`tooFew` when wider than 20 points), mean progress, failure modes, and against the baseline model the difference of rates with its 95% interval.',
      querystring: z.object({
        structuredDatasetId: entityIdParam('evaluationRecord:fields.structuredDatasetId').optional(),
        baselineModelCardId: entityIdParam('evaluationRecord:overview.baseline').optional(),
      }),
      response: { 200: envelope(z.object({ rows: z.array(overviewRow) })) },
    },
    handler: async (request) => ok({ rows: await evaluationOverview(db, scope(request).tenantId ?? principalOf(request).tenant.id, request.query) }),
  });

  app.get('/evaluation/compare', {
    config: access,
    schema: {
      tags: ['evaluation-record'],
      summary: 'Two evaluations of the same structured dataset, item by item',
      description:
        'On the items both tried: how many each alone passed, and the difference of rates with a 95% interval; the verdict names the better one only when the interval leaves out no difference. 400 for evaluations of different datasets.',
      querystring: z.object({ first: entityIdParam('evaluationRecord:compare.first'), second: entityIdParam('evaluationRecord:compare.second') }),
      response: { 200: envelope(pairwiseAnswer) },
    },
    handler: async (request) => {
      const [first, second] = await rowsInScope(db, scope(request), [request.query.first, request.query.second]);
      if (Number(first!.structuredDatasetId) !== Number(second!.structuredDatasetId))
        throw new ApiError(400, 'evaluationRecord:errors.differentDatasets', {}, { field: 'second' });
      const counts = await pairwise(db, request.query.first, request.query.second);
      const difference = pairedDifference(counts.onlyFirst, counts.onlySecond, counts.items) ?? { difference: 0, low: 0, high: 0, decided: false };
      return ok({
        items: counts.items,
        bothSucceeded: counts.both,
        onlyFirst: counts.onlyFirst,
        onlySecond: counts.onlySecond,
        neither: counts.items - counts.both - counts.onlyFirst - counts.onlySecond,
        difference: difference.difference,
        low: difference.low,
        high: difference.high,
        verdict: difference.decided ? (difference.difference > 0 ? 'first' : 'second') : null,
      });
    },
  });

  app.get('/evaluation/evaluation-record/:id/results', {
    config: access,
    schema: {
      tags: ['evaluation-record'],
      summary: 'The items behind an evaluation, on one robot if named',
      description: 'Each item its run reported: the bag it came from with its time range, the outcome, progress, duration, failure mode and the item’s files.',
      params: idParams,
      querystring: z.object({ robotSn: z.string().max(64).optional(), leftArmSn: z.string().max(64).optional(), rightArmSn: z.string().max(64).optional() }),
      response: { 200: envelope(z.object({ items: z.array(itemResult) })) },
    },
    handler: async (request) => {
      await rowsInScope(db, scope(request), [request.params.id]);
      return ok({ items: await itemResults(db, request.params.id, request.query) });
    },
  });
}

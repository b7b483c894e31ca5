import { z } from 'zod';
import { envelope } from '../../../model/schemas/envelope';
import { modelCard } from '../../../model/schemas/model-card';
import { principalOf } from '../../auth/guard';
import type { ApiApp, AppContext } from '../../context';
import { listAccess } from '../../engine/list-access';
import { rowsInScope } from '../../engine/queries';
import { ok } from '../../http/envelope';
import { idParams } from '../../http/route-params';
import { lineageOf } from './lineage';

const lineage = z.object({
  run: z.object({ id: z.number(), taskName: z.string(), status: z.string(), startTime: z.string().nullable(), endTime: z.string().nullable() }).nullable(),
  versions: z.array(
    z.object({
      id: z.number(),
      version: z.string(),
      datasetId: z.number(),
      datasetName: z.string(),
      contentHash: z.string().nullable(),
      bagCount: z.number().nullable(),
    }),
  ),
});

/** Where a model card came from. */
export function lineageRoutes(app: ApiApp, { db, reach }: AppContext): void {
  const readable = async (request: Parameters<typeof principalOf>[0], id: number) =>
    rowsInScope(db, reach.scope(principalOf(request), modelCard.name, 'read'), [id]);

  app.get('/training/model-card/:id/lineage', {
    config: { access: listAccess(modelCard.name, 'read') },
    schema: {
      tags: ['model-card'],
      summary: 'Where a model card came from',
      description: 'The run that made it and the dataset versions it learned from, each with its content hash and bag count (a version’s page lists its bags).',
      params: idParams,
      response: { 200: envelope(lineage) },
    },
    handler: async (request) => {
      const [card] = await readable(request, request.params.id);
      return ok(await lineageOf(db, card!));
    },
  });
}

import { z } from 'zod';
import { dataset } from '../../../model/schemas/dataset';
import { envelope } from '../../../model/schemas/envelope';
import { principalOf } from '../../auth/guard';
import type { ApiApp, AppContext } from '../../context';
import { listAccess } from '../../engine/list-access';
import { loose } from '../../engine/queries';
import { inScope } from '../../engine/scope';
import { ApiError } from '../../http/api-error';
import { ok } from '../../http/envelope';
import { memberSteps } from './member-steps';
import type { DatasetRow } from './members';

const steps = z.object({
  first: z.number().nullable(),
  previous: z.number().nullable(),
  next: z.number().nullable(),
  position: z.number().nullable(),
  total: z.number(),
});

/** A member page's place in its dataset (spec §2 dc-dataset/{name}/{dataId}, logic-dataset/{name}/{dataId}): previous and next. */
export function memberRoutes(app: ApiApp, { db, reach }: AppContext): void {
  app.get('/data/lake/dataset/member-steps', {
    config: { access: listAccess(dataset.name, 'read') },
    schema: {
      tags: ['dataset'],
      summary: 'The first member of a dataset, and the ones before and after a member',
      description:
        'By the dataset’s name (the member pages’ path carries it). A picked or gathered dataset orders its members as they joined (with the member’s position); a logic dataset as the raw-data list does.',
      querystring: z.object({
        name: z.string().min(1, 'validation:required').max(128, 'validation:maxLength'),
        bagId: z
          .string()
          .regex(/^[1-9][0-9]{0,15}$/, 'validation:invalidType')
          .transform(Number)
          .optional(),
      }),
      response: { 200: envelope(steps) },
    },
    handler: async (request) => {
      const found = (await loose(db)
        .selectFrom(dataset.table)
        .select(['id', 'tenantId', 'datasetType', 'filter', 'rawDataCount'])
        .where('name', '=', request.query.name)
        .where(inScope(reach.scope(principalOf(request), dataset.name, 'read')))
        .executeTakeFirst()) as (DatasetRow & { rawDataCount: number }) | undefined;
      if (!found) throw new ApiError(404, 'errors:notFound');
      return ok(await memberSteps(db, { ...found, id: Number(found.id), tenantId: Number(found.tenantId) }, request.query.bagId ?? null));
    },
  });
}

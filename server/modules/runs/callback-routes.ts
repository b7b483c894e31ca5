import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { envelope } from '../../../model/schemas/envelope';
import type { ApiApp, AppContext } from '../../context';
import { serverSecret } from '../../db/server-secrets';
import { ApiError } from '../../http/api-error';
import { ok } from '../../http/envelope';
import { readInstance } from './instance-state';
import { reportProgress } from './run-subject';
import { INSTANCE_TOKENS, instanceToken } from './run-spec';

const params = z.object({
  id: z
    .string()
    .regex(/^\d{1,15}$/, 'validation:invalidType')
    .transform(Number),
});

/** Whether the request carries this instance's token (EDP_INSTANCE_TOKEN), compared in constant time. */
const holdsToken = (header: string | undefined, expected: string) => {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
};

/** A run calling back with its instance token: how far it got, shown on the training record or export it serves (as a progress line would be). */
export function callbackRoutes(app: ApiApp, { db, clock, records }: AppContext): void {
  app.post('/taskFlow/instance/:id/progress', {
    config: { access: 'public' },
    schema: {
      tags: ['instance'],
      summary: 'A running instance reports its progress',
      description:
        'Called by the run itself, with `Authorization: Bearer $EDP_INSTANCE_TOKEN` (not a session). 403 for another token; 409 when the instance is not running.',
      params,
      body: z.object({ progress: z.number({ error: 'validation:invalidType' }).min(0, 'validation:min').max(100, 'validation:max') }),
      response: { 200: envelope(z.object({ progress: z.number() })) },
    },
    handler: async (request) => {
      const { id } = request.params;
      if (!holdsToken(request.headers.authorization, instanceToken(await serverSecret(db, INSTANCE_TOKENS, clock()), id)))
        throw new ApiError(403, 'errors:forbidden');
      const row = await readInstance(db, id);
      if (row?.status !== 'running') throw new ApiError(409, 'runs:errors.notRunning');
      const progress = Math.floor(request.body.progress);
      await reportProgress(records, row, progress);
      return ok({ progress });
    },
  });
}

import { z } from 'zod';
import { envelope } from '../../../model/schemas/envelope';
import { entityIdParam } from '../../../model/schemas/fields';
import { processingRecord } from '../../../model/schemas/processing-record';
import { principalOf } from '../../auth/guard';
import type { ApiApp, AppContext } from '../../context';
import { listAccess } from '../../engine/list-access';
import { rowsInScope } from '../../engine/queries';
import { ApiError } from '../../http/api-error';
import { ok } from '../../http/envelope';
import { outputFileName, outputPrefix } from './processing-output';

/** A link to a file is good for an hour: the page asks again for the next download. */
const LINK_SECONDS = 3600;

/** What a processing run stored, downloaded from its record's page through a signed link. */
export function processingRoutes(app: ApiApp, { reach, db, storage }: AppContext): void {
  app.get('/data/lake/processing-record/output-file', {
    config: { access: listAccess(processingRecord.name, 'read') },
    schema: {
      tags: ['processing-record'],
      summary: 'A download link of a file a processing run stored',
      description: '404 when the record has no such file.',
      querystring: z.object({ id: entityIdParam('common:id'), name: outputFileName() }),
      response: { 200: envelope(z.object({ url: z.string(), expiresInSeconds: z.number() })) },
    },
    handler: async (request) => {
      const [record] = await rowsInScope(db, reach.scope(principalOf(request), processingRecord.name, 'read'), [request.query.id]);
      const files = JSON.parse(String(record!.outputFiles || '[]')) as { name: string }[];
      if (!files.some((file) => file.name === request.query.name)) throw new ApiError(404, 'errors:notFound');
      const url = await storage.signedUrl(`${outputPrefix(record!)}${request.query.name}`, { expiresInSeconds: LINK_SECONDS, fileName: request.query.name });
      return ok({ url, expiresInSeconds: LINK_SECONDS });
    },
  });
}

import { z } from 'zod';
import { envelope } from '../../../model/schemas/envelope';
import type { AnyEntity } from '../../../model/schemas/engine/types';
import { principalOf } from '../../auth/guard';
import type { ApiApp, AppContext } from '../../context';
import { listAccess } from '../../engine/list-access';
import { rowsInScope } from '../../engine/queries';
import { ApiError } from '../../http/api-error';
import { ok } from '../../http/envelope';
import { idParams } from '../../http/route-params';
import { outputFileName } from '../datasets/processing-output';
import { LINK_SECONDS } from '../lake/download-link';
import { filesWhere, type FileOwner } from '../runs/run-files';

const ownedFile = z.object({ name: z.string(), size: z.number(), sha256: z.string(), storedTime: z.string() });

/**
 * The files a record took from the run that made it (a model card's model, an export's artifact):
 * listed with the size and SHA-256 the server took on storing them, each downloaded through a
 * signed link. Whoever reads the record reads its files.
 */
export function ownedFileRoutes(app: ApiApp, { db, reach, storage }: AppContext, entity: AnyEntity, api: string, owner: FileOwner): void {
  const filesOf = async (request: Parameters<typeof principalOf>[0], id: number) => {
    await rowsInScope(db, reach.scope(principalOf(request), entity.name, 'read'), [id]);
    return filesWhere(db, owner, id);
  };

  app.get(`${api}/:id/files`, {
    config: { access: listAccess(entity.name, 'read') },
    schema: {
      tags: [entity.name],
      summary: 'The files its run produced',
      description: 'By name, each with its size and SHA-256 as the server computed them on storing it.',
      params: idParams,
      response: { 200: envelope(z.object({ files: z.array(ownedFile) })) },
    },
    handler: async (request) => {
      const files = await filesOf(request, request.params.id);
      return ok({ files: files.map(({ name, size, sha256, storedTime }) => ({ name, size, sha256, storedTime })) });
    },
  });

  app.get(`${api}/:id/files/:name/link`, {
    config: { access: listAccess(entity.name, 'read') },
    schema: {
      tags: [entity.name],
      summary: 'A download link of one of its files',
      description: `Signed, valid for ${LINK_SECONDS / 86_400} days; 404 when it has no such file.`,
      params: idParams.extend({ name: outputFileName() }),
      response: { 200: envelope(z.object({ url: z.string(), expiresInSeconds: z.number() })) },
    },
    handler: async (request) => {
      const file = (await filesOf(request, request.params.id)).find((candidate) => candidate.name === request.params.name);
      if (!file) throw new ApiError(404, 'errors:notFound');
      const url = await storage.signedUrl(file.objectKey, { expiresInSeconds: LINK_SECONDS, fileName: file.name });
      return ok({ url, expiresInSeconds: LINK_SECONDS });
    },
  });
}

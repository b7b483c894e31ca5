import { Readable } from 'node:stream';
import { z } from 'zod';
import { datasetVersion } from '../../../model/schemas/dataset-version';
import { envelope } from '../../../model/schemas/envelope';
import { entityIdParam } from '../../../model/schemas/fields';
import { principalOf } from '../../auth/guard';
import type { ApiApp, AppContext } from '../../context';
import { listAccess } from '../../engine/list-access';
import { rowsInScope } from '../../engine/queries';
import { ApiError } from '../../http/api-error';
import { ok } from '../../http/envelope';
import { manifestText } from './manifest';
import { versionDiff } from './version-diff';

const side = z.object({
  qualityLabel: z.string().nullable(),
  qualitySubLabel: z.string().nullable(),
  labelList: z.array(z.string()).nullable(),
  clipStart: z.number().nullable(),
  clipEnd: z.number().nullable(),
  bagDigest: z.string().nullable(),
});
const diffAnswer = z.object({
  added: z.number(),
  removed: z.number(),
  changed: z.number(),
  total: z.number(),
  sameContent: z.boolean(),
  records: z.array(
    z.object({ bagId: z.number(), bagName: z.string(), kind: z.enum(['added', 'removed', 'changed']), before: side.nullable(), after: side.nullable() }),
  ),
});

/** A version's manifest and its comparison with another version of the same dataset. */
export function versionRoutes(app: ApiApp, { db, reach }: AppContext): void {
  const readable = async (request: Parameters<typeof principalOf>[0], ids: number[]) =>
    rowsInScope(db, reach.scope(principalOf(request), datasetVersion.name, 'read'), ids);

  app.get('/data/lake/dataset-version/manifest', {
    config: { access: listAccess(datasetVersion.name, 'read') },
    schema: {
      tags: ['dataset-version'],
      summary: 'A version’s manifest (JSON)',
      description: 'The dataset, the version, its content hash, and every member’s bag id, name, MD5, object path, clip and labels as published.',
      querystring: z.object({ id: entityIdParam('common:id') }),
    },
    handler: async (request, reply) => {
      const [version] = await readable(request, [request.query.id]);
      const name = `manifest-${String(version!.version)}.json`;
      reply.header('content-type', 'application/json; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`);
      return reply.send(Readable.from(manifestText(db, request.query.id)));
    },
  });

  app.get('/data/lake/dataset-version/diff', {
    config: { access: listAccess(datasetVersion.name, 'read') },
    schema: {
      tags: ['dataset-version'],
      summary: 'Compare two versions of a dataset',
      description:
        'What version `to` adds to, removes from and changes (labels, clip, file) of version `from`, with counts of each and one page of one kind (or all). Both must be versions of the same dataset (400).',
      querystring: z.object({
        from: entityIdParam('datasetVersion:diff.from'),
        to: entityIdParam('datasetVersion:diff.to'),
        kind: z.enum(['added', 'removed', 'changed'], 'validation:oneOf').optional(),
        pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
        pageSize: z.coerce.number().int().min(1).max(500).default(20),
      }),
      response: { 200: envelope(diffAnswer) },
    },
    handler: async (request) => {
      const { from, to, kind, pageNum, pageSize } = request.query;
      const rows = await readable(request, [...new Set([from, to])]);
      const byId = new Map(rows.map((row) => [Number(row.id), row]));
      if (byId.get(from)!.datasetId !== byId.get(to)!.datasetId) throw new ApiError(400, 'datasetVersion:errors.otherDataset', {}, { field: 'to' });
      const diff = await versionDiff(db, from, to, { ...(kind ? { kind } : {}), pageNum, pageSize });
      return ok({ ...diff, sameContent: byId.get(from)!.contentHash === byId.get(to)!.contentHash } as z.infer<typeof diffAnswer>);
    },
  });
}

import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../model/schemas/envelope';
import { FILE_NAME } from '../../../model/schemas/limits';
import { structuredData, structuredFile, structuredFilesOf } from '../../../model/schemas/structured-data';
import { DOWNLOAD_LINK_DAYS } from '../../../model/schemas/upload';
import { principalOf } from '../../auth/guard';
import type { ApiApp, AppContext } from '../../context';
import { personActor } from '../../engine/actor';
import { listAccess } from '../../engine/list-access';
import { loose, rowsInScope } from '../../engine/queries';
import { inScope } from '../../engine/scope';
import { ApiError, forbidden, notFound } from '../../http/api-error';
import { ok } from '../../http/envelope';
import { idParams } from '../../http/route-params';
import { storeStructuredFile } from './structured-files';

const LINK_SECONDS = DOWNLOAD_LINK_DAYS * 24 * 3600;
const tags = ['structured-data'];
const fileName = z.string().max(128, 'structuredData:rules.fileName').regex(FILE_NAME, 'structuredData:rules.fileName');
const params = idParams.extend({ name: fileName });

/** A structured data record's files: uploaded by whoever may update the record, downloaded by whoever reads it, through signed links. */
export function structuredFileRoutes(app: ApiApp, { db, reach, records, storage, clock }: AppContext): void {
  /** The record the caller reads (404 otherwise: another space's, or none); for a write, one they may update as well (403 otherwise). */
  const recordFor = async (request: FastifyRequest, id: number, operation: 'read' | 'update') => {
    const principal = principalOf(request);
    const [record] = await rowsInScope(db, reach.scope(principal, structuredData.name, 'read'), [id]);
    if (operation === 'update') {
      const writable = await loose(db)
        .selectFrom(structuredData.table)
        .select('id')
        .where('id', '=', id)
        .where(inScope(reach.scope(principal, structuredData.name, 'update')))
        .executeTakeFirst();
      if (!writable) throw forbidden();
    }
    return record!;
  };

  // A file streams in as it is sent, past the API's JSON body limit.
  app.register(async (files) => {
    files.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
    files.withTypeProvider<ZodTypeProvider>().put('/evaluation/structured-data/:id/files/:name', {
      config: { access: listAccess(structuredData.name, 'update') },
      schema: {
        tags,
        summary: 'Uploads a file of a structured data record (application/octet-stream)',
        description:
          'The body is the file, streamed; its size and SHA-256 are kept on the record (`files`). A file of 0 bytes is refused and nothing is kept. ' +
          'A file under a name the record holds replaces it; `replace` names the file being replaced, and a replacement under another name is refused (spec §5: the name of the first upload). ' +
          'A name is letters, digits, dot, underscore and hyphen. 404 for a record the caller does not read, 403 for one they may not update.',
        params,
        querystring: z.object({ replace: fileName.optional() }),
        response: { 200: envelope(z.object({ file: structuredFile, files: z.array(structuredFile) })) },
      },
      handler: async (request) => {
        const { id, name } = request.params;
        const record = await recordFor(request, id, 'update');
        const body = request.body as Readable | undefined;
        const length = Number(request.headers['content-length']);
        if (body !== undefined && !(body instanceof Readable)) throw new ApiError(400, 'errors:unsupportedMediaType', {}, { field: 'files' });
        const upload = {
          name,
          replace: request.query.replace,
          body: body ?? Readable.from([]),
          declaredSize: body === undefined ? 0 : Number.isSafeInteger(length) ? length : undefined,
        };
        return ok(await storeStructuredFile({ records, storage }, personActor(principalOf(request)), record, upload, clock()));
      },
    });
  });

  app.get('/evaluation/structured-data/:id/files/:name/link', {
    config: { access: listAccess(structuredData.name, 'read') },
    schema: {
      tags,
      summary: 'A download link of a file of a structured data record',
      description: `Signed, valid for ${DOWNLOAD_LINK_DAYS} days, served as an attachment under the file's name. 404 when the record holds no such file.`,
      params,
      response: {
        200: envelope(z.object({ url: z.string(), fileName: z.string(), size: z.number(), sha256: z.string(), expiresTime: z.string() })),
      },
    },
    handler: async (request) => {
      const { id, name } = request.params;
      const file = structuredFilesOf((await recordFor(request, id, 'read')).files).find((item) => item.name === name);
      if (!file) throw notFound();
      const url = await storage.signedUrl(file.key, { expiresInSeconds: LINK_SECONDS, fileName: file.name });
      const expiresTime = new Date(clock().getTime() + LINK_SECONDS * 1000).toISOString();
      return ok({ url, fileName: file.name, size: file.size, sha256: file.sha256, expiresTime });
    },
  });
}

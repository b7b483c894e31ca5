import type { Readable } from 'node:stream';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '../../../model/schemas/envelope';
import { partQuery, startUploadPayload, uploadIdPayload, uploadState } from '../../../model/schemas/upload';
import { principalOf } from '../../auth/guard';
import type { ApiApp, AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { abortUpload, completeUpload } from './finish-upload';
import { bagAccess } from './lake-access';
import { receivePart } from './receive-part';
import { startUpload } from './start-upload';
import { callerUpload, uploadStateOf } from './uploads';

const tags = ['raw-data upload'];
const response = { 200: envelope(uploadState) };

/**
 * The upload protocol (S3 multipart's shape): start → parts, in any order and in parallel → complete,
 * or abort. An upload is its uploader's: anyone else's upload id is not found.
 */
export function uploadRoutes(app: ApiApp, context: AppContext): void {
  const config = { access: bagAccess('upload') };
  app.post('/data/lake/upload/start', {
    config,
    schema: {
      tags,
      summary: 'Start uploading a recording, or resume it',
      description:
        'fileName must end in .mcap or .bag and fileSize be at least 1 (spec §5). A file of the same MD5 already in the space is a 409 naming its bag; the same file (size and MD5) of an unfinished upload of yours resumes it, and must keep its name. 413 when the space’s storage quota cannot take it. The answer says which parts the server holds.',
      body: startUploadPayload,
      response,
    },
    handler: async (request) => ok(await startUpload(context, principalOf(request), request.body)),
  });

  // A part streams in as sent, past the API's JSON body limit.
  app.register(async (parts) => {
    parts.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
    parts.withTypeProvider<ZodTypeProvider>().put('/data/lake/upload/part', {
      config,
      schema: {
        tags,
        summary: 'Send one part (application/octet-stream)',
        description:
          'Every part but the last holds the upload’s partSize bytes. Content-MD5 (base64, RFC 1864) is required; a part whose size or MD5 does not match is a 400 and is not kept: send it again. Sending a part again replaces it. 503 when the file store cannot be reached, 507 when it is full: the part is not kept, the parts held stay, send it again later.',
        querystring: partQuery,
        response,
      },
      handler: async (request) =>
        ok(await receivePart(context, principalOf(request), request.query, request.body as Readable, request.headers['content-md5'] as string | undefined)),
    });
  });

  app.post('/data/lake/upload/complete', {
    config,
    schema: {
      tags,
      summary: 'Finish an upload whose parts are all sent',
      description:
        'The file is then checked (its whole MD5) and parsed in the background; follow its stage with /data/lake/upload/status. 503 when the file store cannot be reached, 507 when it is full: the upload stays open with its parts, complete it again later.',
      body: uploadIdPayload,
      response,
    },
    handler: async (request) => ok(await completeUpload(context, principalOf(request), request.body.uploadId)),
  });

  app.post('/data/lake/upload/abort', {
    config,
    schema: { tags, summary: 'Cancel an upload and free its parts', body: uploadIdPayload, response },
    handler: async (request) => ok(await abortUpload(context, principalOf(request), request.body.uploadId)),
  });

  app.get('/data/lake/upload/status', {
    config,
    schema: { tags, summary: 'An upload of yours: its status, stage and the parts held', querystring: uploadIdPayload, response },
    handler: async (request) => ok(await uploadStateOf(context.db, await callerUpload(context.db, principalOf(request), request.query.uploadId))),
  });
}

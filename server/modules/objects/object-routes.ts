import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiApp, AppContext } from '../../context';
import { ApiError, notFound } from '../../http/api-error';
import { LocalDiskStore } from '../../storage/local-disk-store';
import { ObjectNotFoundError, RangeNotSatisfiableError, type ByteRange } from '../../storage/object-store';

/** `bytes=start-end` or `bytes=start-` (one range; a suffix or several ranges get the whole object). */
function rangeOf(header: string | undefined): ByteRange | undefined {
  const match = /^bytes=(\d+)-(\d*)$/.exec(header ?? '');
  if (!match) return undefined;
  return { start: Number(match[1]), ...(match[2] ? { end: Number(match[2]) } : {}) };
}

const attachment = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/**
 * The local store's signed URLs, served: the signature is the permission (no session), for the key,
 * method and time it was made for. S3 serves its own signed URLs, so this exists only over local disk.
 */
export function objectRoutes(app: ApiApp, { storage, clock }: AppContext): void {
  if (!(storage instanceof LocalDiskStore)) return;
  const checked = (request: FastifyRequest) => {
    const check = storage.verifyUrl(request.url, request.method, clock);
    if (!check.ok) throw new ApiError(403, 'errors:objectLinkInvalid', {}, { reason: check.reason });
    return check;
  };

  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const { key, fileName } = checked(request);
    const range = rangeOf(request.headers.range);
    try {
      const object = await storage.get(key, range);
      const info = await storage.head(key);
      reply
        .header('accept-ranges', 'bytes')
        .header('content-type', info?.contentType ?? 'application/octet-stream')
        .header('content-length', String(object.contentLength))
        .header('cache-control', 'private, no-store');
      if (info?.etag) reply.header('etag', `"${info.etag}"`);
      if (fileName) reply.header('content-disposition', attachment(fileName));
      if (object.range) reply.status(206).header('content-range', `bytes ${object.range.start}-${object.range.end}/${object.size}`);
      return reply.send(object.body); // for HEAD, Fastify keeps the headers and drops the body
    } catch (error) {
      if (error instanceof ObjectNotFoundError) throw notFound();
      if (error instanceof RangeNotSatisfiableError) throw new ApiError(416, 'errors:badRequest');
      throw error;
    }
  };

  const options = { config: { access: 'public' as const }, schema: { hide: true } };
  app.get('/objects/*', options, serve); // and HEAD, which Fastify routes to it
  // A signed PUT takes the body as it streams in, without the API's JSON body limit.
  app.register(async (uploads) => {
    uploads.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    uploads.put('/objects/*', options, async (request, reply) => {
      const { key } = checked(request);
      const size = Number(request.headers['content-length']);
      const stored = await storage.put(key, request.body as NodeJS.ReadableStream as never, {
        contentType: request.headers['content-type'] ?? 'application/octet-stream',
        ...(Number.isSafeInteger(size) ? { size } : {}),
      });
      return reply.header('etag', `"${stored.etag}"`).send();
    });
  });
}

import type { FastifyInstance } from 'fastify';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { acceptedEncoding } from './accepted-encoding';

/** Below this an answer goes as it is: the headers cost more than compression saves. */
export const COMPRESS_MIN_BYTES = 1024;

const [brotli, gzipped] = [promisify(brotliCompress), promisify(gzip)];
/** Fast settings, in libuv's pool: a 20-row page of 26 kB becomes ~4 kB for ~0.3 ms of CPU. */
const ENCODERS = {
  br: (body: Buffer) => brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body: Buffer) => gzipped(body, { level: 5 }),
};

/**
 * The API's JSON answers to reads, compressed when the client accepts it (a list's page
 * was 26 kB on the wire, on the way to its first rows). Only GET: what carries a credential (a
 * session, a one-time password, a secret) answers a POST, and stays uncompressed so its length
 * never tells it (BREACH). Streams (downloads, log tails) and the console's files, which the build
 * compressed, go as they are.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
    if (reply.hasHeader('content-encoding') || !String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length < COMPRESS_MIN_BYTES) return payload;
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    reply.header('content-encoding', encoding).removeHeader('content-length');
    return ENCODERS[encoding](body);
  });
}

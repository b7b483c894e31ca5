import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { encodedFor, readAssets } from './asset-cache';
import { documentFor, SIGNED_IN_DOCUMENT } from '../../src/app/documents';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The console under /app: files as they are (pre-compressed siblings when the browser accepts
 * them), and index.html for every other path so deep links and reloads work on every route.
 * Hashed assets never change; index.html is always revalidated.
 */
export function consoleFiles(dir: string) {
  return async (app: FastifyInstance) => {
    const assets = await readAssets(path.join(dir, 'assets'));
    app.get<{ Params: { name: string } }>('/assets/:name', { config: { access: 'public' }, schema: { hide: true } }, (request, reply) => {
      const { name } = request.params;
      const asset = assets.get(name);
      if (!asset) {
        if (path.basename(name) !== name || name.startsWith('.')) return reply.code(404).type('text/plain').send('Not found');
        return reply.sendFile(`assets/${name}`); // a kind not kept in memory, or no such file (404)
      }
      const { encoding, body } = encodedFor(asset, request.headers['accept-encoding']);
      reply.header('Cache-Control', IMMUTABLE).header('Vary', 'Accept-Encoding').type(asset.type);
      if (encoding) reply.header('Content-Encoding', encoding);
      return reply.send(body);
    });
    await app.register(fastifyStatic, {
      root: dir,
      prefix: '/',
      preCompressed: true,
      index: false,
      setHeaders: (res, file) => {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? IMMUTABLE : 'no-cache');
      },
    });
    /** The console's route of a request: the path under this plugin's prefix (/app), without the query. */
    const routeOf = (url: string) => url.split('?')[0]!.slice(app.prefix.length) || '/';
    const hasSignedIn = existsSync(path.join(dir, SIGNED_IN_DOCUMENT));
    const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile(documentFor(routeOf(request.url), hasSignedIn));
    };
    app.get('/', { config: { access: 'public' } }, sendIndex);
    app.setNotFoundHandler((request, reply) => {
      // A missing file (an old chunk after a deploy) is a real 404; any other path is a console route.
      if (path.extname(request.url.split('?')[0]!)) return reply.code(404).type('text/plain').send('Not found');
      return sendIndex(request, reply);
    });
  };
}

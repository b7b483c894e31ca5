import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import path from 'node:path';
import { encodedFor, readAssets, type Asset } from './asset-cache';
import { documentFor, SIGNED_IN_DOCUMENT } from '../../model/resources/documents';
import { routeEntries } from '../../model/resources/index';
import { SIGN_IN_PATH } from '../../model/resources/sign-in-path';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A file held in memory, in the best encoding the request accepts. */
function sendAsset(request: FastifyRequest, reply: FastifyReply, asset: Asset, cacheControl: string) {
  const { encoding, body } = encodedFor(asset, request.headers['accept-encoding']);
  reply.header('Cache-Control', cacheControl).header('Vary', 'Accept-Encoding').type(asset.type);
  if (encoding) reply.header('Content-Encoding', encoding);
  return reply.send(body);
}

/**
 * The console under /app: files as they are (pre-compressed siblings when the browser accepts
 * them), and index.html for every other path so deep links and reloads work on every route.
 * Hashed assets never change; index.html is always revalidated.
 */
export function consoleFiles(dir: string) {
  return async (app: FastifyInstance) => {
    const assets = await readAssets(path.join(dir, 'assets'));
    const topLevel = await readAssets(dir); // the documents and the icon
    app.get<{ Params: { name: string } }>('/assets/:name', { config: { access: 'public' }, schema: { hide: true } }, (request, reply) => {
      const { name } = request.params;
      const asset = assets.get(name);
      if (!asset) {
        if (path.basename(name) !== name || name.startsWith('.')) return reply.code(404).type('text/plain').send('Not found');
        return reply.sendFile(`assets/${name}`); // a kind not kept in memory, or no such file (404)
      }
      return sendAsset(request, reply, asset, IMMUTABLE);
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
    const hasSignedIn = topLevel.has(SIGNED_IN_DOCUMENT);
    const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
      const name = documentFor(routeOf(request.url), hasSignedIn);
      const document = topLevel.get(name);
      return document ? sendAsset(request, reply, document, 'no-cache') : reply.header('Cache-Control', 'no-cache').sendFile(name);
    };
    // The console's declared routes answer with the document at once: left to the file server below,
    // each was first looked for on disk (a stat, compressed siblings, a listing for its spelling).
    for (const route of ['/', SIGN_IN_PATH, ...routeEntries.map((entry) => entry.fullPath)])
      app.get(route, { config: { access: 'public' }, schema: { hide: true } }, sendIndex);
    // The icon and the documents by name, from memory: every other file beside them from disk, below.
    for (const name of topLevel.keys())
      app.get(`/${name}`, { config: { access: 'public' }, schema: { hide: true } }, (request, reply) =>
        sendAsset(request, reply, topLevel.get(name)!, 'no-cache'),
      );
    app.setNotFoundHandler((request, reply) => {
      // A missing file (an old chunk after a deploy) is a real 404; any other path is a console route.
      if (path.extname(request.url.split('?')[0]!)) return reply.code(404).type('text/plain').send('Not found');
      return sendIndex(request, reply);
    });
  };
}

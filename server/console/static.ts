import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import path from 'node:path';

/**
 * The console under /app: files as they are (pre-compressed siblings when the browser accepts
 * them), and index.html for every other path so deep links and reloads work on every route.
 * Hashed assets never change; index.html is always revalidated.
 */
export function consoleFiles(dir: string) {
  return async (app: FastifyInstance) => {
    await app.register(fastifyStatic, {
      root: dir,
      prefix: '/',
      preCompressed: true,
      index: false,
      setHeaders: (res, file) => {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    const sendIndex = (_request: unknown, reply: { header: (k: string, v: string) => void; sendFile: (f: string) => unknown }) => {
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html');
    };
    app.get('/', { config: { access: 'public' } }, sendIndex as never);
    app.setNotFoundHandler((request, reply) => {
      // A missing file (an old chunk after a deploy) is a real 404; any other path is a console route.
      if (path.extname(request.url.split('?')[0]!)) return reply.code(404).type('text/plain').send('Not found');
      return sendIndex(request, reply);
    });
  };
}

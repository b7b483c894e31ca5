import type { FastifyInstance } from 'fastify';

/**
 * A body a route streams (a part, a run's file, a signed PUT) may be answered before it is all read: its store failed
 * part way, or it ran past its size. Left unread, the rest holds the connection, and the next request a keep-alive
 * client sends on it waits behind bytes nobody reads. So once the answer is out, the rest is read and dropped.
 */
export function registerUnreadBodyDrain(app: FastifyInstance): void {
  app.addHook('onResponse', async (request) => {
    if (!request.raw.complete && !request.raw.destroyed) request.raw.resume();
  });
}

import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { yieldToLoop } from '../yield-to-loop';

/**
 * Bulk work (a CSV export's batches) gives way to the requests being answered. A turn between its batches lets
 * a request in, but a list makes several queries one after another, and each of its awaits used to let the next
 * batch in before its next query: the list waited for as many batches as it made queries.
 */
let answering = 0;
/** How each request being answered stops counting: once, when its answer is out or its connection gone. */
const stops = new WeakMap<ServerResponse, () => void>();

/** Counts the requests being answered, from their arrival. */
export function registerBulkTurns(app: FastifyInstance): void {
  app.addHook('onRequest', async (_request, reply) => {
    answering += 1;
    let counted = true;
    const stop = () => void (counted && ((counted = false), (answering -= 1)));
    stops.set(reply.raw, stop);
    reply.raw.once('close', stop);
  });
}

/**
 * A request bulk work does not wait for: one that is bulk work itself (an export), or that stays open for as long
 * as someone watches (server-sent events).
 */
export const setAside = (raw: ServerResponse) => stops.get(raw)?.();

/** The longest a turn waits behind other requests: bulk work goes on however busy the server is, just behind them. */
const MOST_WAIT_MS = 25;

/** A turn for the others: the event loop runs once, then this waits while requests are being answered, at most `mostMs`. */
export async function bulkTurn(mostMs = MOST_WAIT_MS): Promise<void> {
  await yieldToLoop();
  const since = performance.now();
  while (answering > 0 && performance.now() - since < mostMs) await new Promise((resolve) => setTimeout(resolve, 1));
}

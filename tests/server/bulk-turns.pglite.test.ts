import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bulkTurn, registerBulkTurns, setAside } from '../../server/http/bulk-turns';

/** Bulk work (an export's batches) waits behind the requests being answered, not those set aside, and not for ever. */
const app = Fastify({ forceCloseConnections: true });
let open: () => void = () => undefined;
let order: string[] = [];
let origin: string;
beforeAll(async () => {
  registerBulkTurns(app);
  app.get<{ Querystring: { aside?: string } }>('/held', async (request, reply) => {
    if (request.query.aside) setAside(reply.raw);
    await new Promise<void>((resolve) => (open = resolve));
    order.push('answered');
    return 'answered';
  });
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
});
beforeEach(() => void (order = []));
afterAll(() => app.close());

/** A request the route holds until `open()`, once it is being answered (the route has set `open`). */
async function heldRequest(query = '') {
  const before = open;
  const answered = fetch(`${origin}/held${query}`).then((response) => response.text());
  while (open === before) await new Promise((resolve) => setTimeout(resolve, 5));
  return { answered }; // not the promise itself, which an async function's caller would wait for
}

describe('a turn of bulk work', () => {
  it('waits while another request is being answered, and goes on once it is', async () => {
    const { answered } = await heldRequest();
    const turn = bulkTurn(60_000).then(() => order.push('turn'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual([]);
    open();
    await Promise.all([answered, turn]);
    expect(order).toEqual(['answered', 'turn']);
  });

  it('does not wait for a request set aside (an export itself, server-sent events)', async () => {
    const { answered } = await heldRequest('?aside=1');
    await bulkTurn(60_000).then(() => order.push('turn'));
    open();
    await answered;
    expect(order).toEqual(['turn', 'answered']);
  });

  it('goes on behind a request that takes long, rather than wait for it', async () => {
    const { answered } = await heldRequest();
    await bulkTurn(20).then(() => order.push('turn'));
    open();
    await answered;
    expect(order).toEqual(['turn', 'answered']);
  });
});

import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** A mock of the API for provider tests; a request without a handler fails the test. */
export function mockApi() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

export const envelope = (data: unknown) => ({ code: 200, message: { zh_CN: '成功', en_US: 'Success' }, data });

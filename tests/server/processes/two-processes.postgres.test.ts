import { expect, it } from 'vitest';
import { httpClient } from '../helpers/http-client';
import { useServerSchema } from '../helpers/server-schema';
import { startServer } from '../helpers/server-process';

const { databaseUrl, running } = useServerSchema();

it('shares all state through PostgreSQL: a nonce from one process signs in on the other', async () => {
  const env = { DATABASE_URL: databaseUrl, EDP_DEMO: '1', EDP_SEED_PASSWORD: 'Shared-Pass-1' }; // the demo, asked for on PostgreSQL
  const [a, b] = await Promise.all([startServer(env), startServer(env)]); // both migrate and seed at once
  running.push(a, b);
  expect(a.output()).toContain('PostgreSQL (DATABASE_URL)');
  expect(b.output()).toContain('PostgreSQL (DATABASE_URL)');

  const nonce = await httpClient(a.base).nonce();
  const signIn = await httpClient(b.base).signInWith(nonce, 'demo', 'admin', 'Shared-Pass-1');
  expect(signIn.status).toBe(200);
  const token = signIn.body.data.sessionKey;
  expect((await httpClient(a.base).call('GET', '/console/account/get-cur-user-info', { token })).status).toBe(200);
  expect((await httpClient(a.base).signInWith(nonce, 'demo', 'admin', 'Shared-Pass-1')).status).toBe(400); // spent on b
  await httpClient(a.base).call('POST', '/console/account/logout', { body: { sessionKey: token } });
  expect((await httpClient(b.base).call('GET', '/console/account/get-cur-user-info', { token })).status).toBe(403);
  const accounts = await httpClient(a.base).call('GET', '/console/account/query?pageSize=-1', {
    token: (await httpClient(b.base).signInWith(await httpClient(b.base).nonce(), 'demo', 'rd', 'Shared-Pass-1')).body.data.sessionKey,
  });
  expect(accounts.body.data.total).toBe(3); // seeded once, not twice
}, 120_000);

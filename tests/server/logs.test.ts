import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiOf } from './helpers/api';
import { cipherDigest } from './helpers/spec-client';
import { createTestApp, SEED_PASSWORD, type TestApp } from './helpers/test-app';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({}, { logger: { level: 'trace', stream } });
});
afterAll(() => t.close());

it('never writes a password, digest, cipherDigest or sessionKey to the log', async () => {
  const api = apiOf(t.app);
  const secrets: string[] = [SEED_PASSWORD];
  const { id, randomKey } = await api.nonce();
  const digest = cipherDigest(SEED_PASSWORD, randomKey);
  secrets.push(digest, randomKey);
  const signIn = await api.post('/console/account/login/code-pwd', { tenantCode: 'demo', code: 'admin', cipherDigest: digest, nonceId: id });
  const token = signIn.body.data.sessionKey as string;
  secrets.push(token);
  await api.createAccount(token, { role: 'rd', accountCode: 'logged', accountName: 'Logged', password: 'Log-Pass-123' });
  secrets.push('Log-Pass-123');
  const target = (await api.signIn('demo', 'logged', 'Log-Pass-123')).body.data.account.id;
  const reset = await api.post('/console/account/reset-other-account-pwd', { accountId: target }, { token });
  secrets.push(reset.body.data.password);
  await api.changePassword(token, SEED_PASSWORD, 'Next-Pass-123');
  secrets.push('Next-Pass-123');
  await api.post('/console/account/logout', { sessionKey: token });
  await api.signIn('demo', 'admin', 'Wrong-Pass-1');

  const log = lines.join('');
  expect(log).toContain('signed in'); // the log is really being captured
  for (const secret of secrets) expect(log).not.toContain(secret);
  expect(log.toLowerCase()).not.toContain('bearer');
});

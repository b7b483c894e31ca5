import { expect, it } from 'vitest';
import { sha256Hex } from '../../server/auth/cipher';
import { findSession } from '../../server/auth/sessions';
import { useTestApp } from './helpers/test-app';

const { t, api } = useTestApp();

/** The guard reads a session, its account and its space in one statement (server/auth/sessions.ts). */
it('finds the account and the space of a session exactly as their rows are', async () => {
  const db = t.database.db;
  for (const [tenantCode, code] of [
    ['platform', 'admin'],
    ['demo', 'rd'],
  ] as const) {
    const token = await api.token(tenantCode, code);
    const session = await findSession(db, token, t.clock(), t.config.sessionIdleMs);
    const account = await db.selectFrom('accounts').selectAll().where('id', '=', session!.accountId).executeTakeFirstOrThrow();
    const tenant = await db.selectFrom('tenants').selectAll().where('id', '=', session!.tenantId).executeTakeFirstOrThrow();
    expect(session).toEqual({ accountId: account.id, tenantId: tenant.id, account, tenant });
  }
  expect(await findSession(db, 'not-a-session-key', t.clock(), t.config.sessionIdleMs)).toBeNull();
});

it('writes a session’s last-seen time only when it is over a minute old', async () => {
  const db = t.database.db;
  const token = await api.token('demo', 'admin');
  const lastSeen = async () =>
    (await db.selectFrom('sessions').select('lastSeenTime').where('keyHash', '=', sha256Hex(token)).executeTakeFirstOrThrow()).lastSeenTime;
  const signedIn = await lastSeen();
  t.clock.advance(59_000);
  expect((await api.get('/console/account/get-cur-user-info', { token })).status).toBe(200);
  expect(await lastSeen()).toEqual(signedIn); // a call within the minute writes nothing
  t.clock.advance(2_000);
  expect((await api.get('/console/account/get-cur-user-info', { token })).status).toBe(200);
  expect(await lastSeen()).toEqual(t.clock());
});

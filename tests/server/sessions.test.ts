import { describe, expect, it } from 'vitest';
import { apiOf } from './helpers/api';
import { createTestApp, useTestApp } from './helpers/test-app';

const EXPIRED = { code: 401, message: { zh_CN: '登录状态已过期!', en_US: 'Your session has expired, please sign in again!' }, data: null };
const HOUR = 3_600_000;

const { t, api } = useTestApp();

describe('GET /console/account/get-cur-user-info', () => {
  it('returns the account and tenant of the session', async () => {
    const token = await api.token('platform', 'admin');
    const reply = await api.get('/console/account/get-cur-user-info', { token });
    expect(reply.status).toBe(200);
    expect(reply.body.data.account).toMatchObject({ code: 'admin', role: 'system_admin' });
    expect(reply.body.data.tenant).toMatchObject({ code: 'platform', internal: true });
  });

  it.each([
    ['no token', undefined],
    ['an unknown token', 'not-a-session-key'],
  ])('answers %s with 403 and the §8 expiry message', async (_case, token) => {
    const reply = await api.get('/console/account/get-cur-user-info', token ? { token } : {});
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual(EXPIRED);
  });
});

describe('idle expiry', () => {
  it('ends a session idle for more than 12 hours by default', async () => {
    const token = await api.token('demo', 'rd');
    t.clock.advance(12 * HOUR - 60_000);
    expect((await api.get('/console/account/get-cur-user-info', { token })).status).toBe(200);
    t.clock.advance(12 * HOUR - 60_000); // idle time counts from the last call
    expect((await api.get('/console/account/get-cur-user-info', { token })).status).toBe(200);
    t.clock.advance(12 * HOUR + 1_000);
    const reply = await api.get('/console/account/get-cur-user-info', { token });
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual(EXPIRED);
  });

  it('keeps only the hash of the sessionKey', async () => {
    const token = await api.token('demo', 'operator');
    const rows = await t.database.db.selectFrom('sessions').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});

describe('configurable idle expiry', () => {
  it('follows SESSION_IDLE_MINUTES', async () => {
    const short = await createTestApp({ sessionIdleMs: 5 * 60_000 });
    try {
      const shortApi = apiOf(short.app);
      const token = await shortApi.token('demo', 'rd');
      short.clock.advance(5 * 60_000 + 1_000);
      expect((await shortApi.get('/console/account/get-cur-user-info', { token })).status).toBe(403);
    } finally {
      await short.close();
    }
  });
});

describe('housekeeping', () => {
  it('sweeps expired nonces, idle sessions and finished rate windows, and nothing live', async () => {
    const { sweep } = await import('../../server/auth/housekeeping');
    const db = t.database.db;
    const live = await api.token('demo', 'admin');
    await api.nonce();
    await api.signIn('demo', 'rd', 'Wrong-Pass-1');
    t.clock.advance(16 * 60_000); // nonce and rate window are over, the session is still young
    const fresh = await api.nonce();
    await sweep(db, t.clock(), t.config.sessionIdleMs);
    expect((await db.selectFrom('nonces').select('id').execute()).map((row) => row.id)).toEqual([fresh.id]);
    const counters = await db.selectFrom('rateCounters').selectAll().execute();
    expect(counters.filter((counter) => counter.key.startsWith('sign-in:'))).toEqual([]);
    expect(counters.every((counter) => counter.windowEnd > t.clock())).toBe(true);
    expect(counters.length).toBeGreaterThan(0); // the live window of the last nonce request
    expect((await api.get('/console/account/get-cur-user-info', { token: live })).status).toBe(200);
    t.clock.advance(t.config.sessionIdleMs + 1);
    await sweep(db, t.clock(), t.config.sessionIdleMs);
    expect(await db.selectFrom('sessions').selectAll().execute()).toEqual([]);
  });
});

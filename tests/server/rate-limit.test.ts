import { describe, expect, it } from 'vitest';
import { SIGN_IN_LIMITS } from '../../server/auth/sign-in-limiter';
import { SEED_PASSWORD, useTestApp } from './helpers/test-app';

const { t, api } = useTestApp();

describe('failed sign-ins', () => {
  it('refuses an account with 429 after 5 failures, even with the right password, until the window ends', async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.account.max; i += 1) expect((await api.signIn('demo', 'rd', `Wrong-${i}-pass`)).status).toBe(401);
    const blocked = await api.signIn('demo', 'rd', SEED_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toEqual({ zh_CN: '登录失败次数过多，请15分钟后再试', en_US: 'Too many failed sign-ins, please try again in 15 minutes' });
    expect(blocked.body.data.retryAfterSeconds).toBe(15 * 60);
    expect((await api.signIn('demo', 'admin', SEED_PASSWORD)).status).toBe(200); // other accounts are untouched
    t.clock.advance(SIGN_IN_LIMITS.account.windowMs);
    expect((await api.signIn('demo', 'rd', SEED_PASSWORD)).status).toBe(200);
  });

  it('forgives earlier failures of an account after a successful sign-in', async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.account.max - 1; i += 1) await api.signIn('demo', 'operator', 'Wrong-pass-1');
    expect((await api.signIn('demo', 'operator', SEED_PASSWORD)).status).toBe(200);
    for (let i = 0; i < SIGN_IN_LIMITS.account.max - 1; i += 1) expect((await api.signIn('demo', 'operator', 'Wrong-pass-1')).status).toBe(401);
    expect((await api.signIn('demo', 'operator', SEED_PASSWORD)).status).toBe(200);
  });

  it('refuses an address after 20 failures across accounts', async () => {
    const remoteAddress = '192.0.2.77';
    for (let i = 0; i < SIGN_IN_LIMITS.address.max; i += 1) {
      expect((await api.signIn('demo', `guess-${i}`, 'Wrong-pass-1', { remoteAddress })).status).toBe(401);
    }
    const blocked = await api.signIn('demo', 'admin', SEED_PASSWORD, { remoteAddress });
    expect(blocked.status).toBe(429);
    expect((await api.signIn('demo', 'admin', SEED_PASSWORD, { remoteAddress: '192.0.2.78' })).status).toBe(200);
  });
});

describe('request ceilings per address', () => {
  it('answers nonce requests past 60 a minute with 429 and Retry-After', async () => {
    const remoteAddress = '198.51.100.9';
    for (let i = 0; i < 60; i += 1) expect((await api.get('/console/nonce/generate', { remoteAddress })).status).toBe(200);
    const refused = await api.get('/console/nonce/generate', { remoteAddress });
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.body.message.zh_CN).toMatch(/^请求过于频繁，请\d+秒后再试$/);
    t.clock.advance(60_000);
    expect((await api.get('/console/nonce/generate', { remoteAddress })).status).toBe(200);
  });

  it('answers sign-in requests past 30 a minute with 429, whatever they carry', async () => {
    const remoteAddress = '198.51.100.10';
    for (let i = 0; i < 30; i += 1) expect((await api.post('/console/account/login/code-pwd', {}, { remoteAddress })).status).toBe(400);
    expect((await api.post('/console/account/login/code-pwd', {}, { remoteAddress })).status).toBe(429);
  });
});

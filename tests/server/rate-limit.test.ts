import { describe, expect, it } from 'vitest';
import { pairDelayMs, SIGN_IN_LIMITS } from '../../server/auth/sign-in-limiter';
import { cipherDigest, encrypt } from './helpers/spec-client';
import { SEED_PASSWORD, useTestApp } from './helpers/test-app';

const { t, api } = useTestApp();

const backOff = (seconds: number) => ({
  code: -1,
  message: { zh_CN: `登录失败次数过多，请${seconds}秒后再试`, en_US: `Too many failed sign-ins, please try again in ${seconds} s` },
  data: { retryAfterSeconds: seconds },
});

describe('failed sign-ins back off per (account, address) pair', () => {
  it('lets a pair fail 3 times, then makes it wait 1 s, 2 s, 4 s … doubling up to 5 minutes; a success clears the pair', async () => {
    const from = { remoteAddress: '192.0.2.10' };
    for (let i = 0; i < SIGN_IN_LIMITS.pair.freeFailures; i += 1) expect((await api.signIn('demo', 'rd', `Wrong-${i}-pass`, from)).status).toBe(401);
    const waits: number[] = [];
    for (let failure = SIGN_IN_LIMITS.pair.freeFailures; failure < 15; failure += 1) {
      const early = await api.signIn('demo', 'rd', SEED_PASSWORD, from); // even the right password waits its turn
      expect(early.status).toBe(429);
      const wait = early.body.data.retryAfterSeconds as number;
      expect(early.body).toEqual(backOff(wait));
      expect(early.headers['retry-after']).toBe(String(wait));
      waits.push(wait);
      t.clock.advance(wait * 1000 - 1);
      expect((await api.signIn('demo', 'rd', 'Wrong-pass-1', from)).body).toEqual(backOff(1)); // a refused attempt does not count
      t.clock.advance(1);
      expect((await api.signIn('demo', 'rd', 'Wrong-pass-1', from)).status).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300]);
    expect(pairDelayMs(40)).toBe(SIGN_IN_LIMITS.pair.maxDelayMs);
    t.clock.advance(SIGN_IN_LIMITS.pair.maxDelayMs);
    expect((await api.signIn('demo', 'rd', SEED_PASSWORD, from)).status).toBe(200);
    for (let i = 0; i < SIGN_IN_LIMITS.pair.freeFailures; i += 1) expect((await api.signIn('demo', 'rd', 'Wrong-pass-1', from)).status).toBe(401);
    expect((await api.signIn('demo', 'rd', SEED_PASSWORD, from)).body).toEqual(backOff(1));
  });

  it('forgets a pair 15 minutes after its last failure', async () => {
    const from = { remoteAddress: '192.0.2.11' };
    for (let i = 0; i < 5; i += 1) {
      expect((await api.signIn('demo', 'operator', 'Wrong-pass-1', from)).status).toBe(401);
      t.clock.advance(pairDelayMs(i + 1));
    }
    t.clock.advance(SIGN_IN_LIMITS.pair.memoryMs - pairDelayMs(5));
    for (let i = 0; i < SIGN_IN_LIMITS.pair.freeFailures; i += 1) expect((await api.signIn('demo', 'operator', 'Wrong-pass-1', from)).status).toBe(401);
    expect((await api.signIn('demo', 'operator', SEED_PASSWORD, from)).status).toBe(429);
  });

  it('lets every other address sign in, the right password included, while one address hammers an account (the platform administrator too)', async () => {
    const hammer = { remoteAddress: '192.0.2.20' };
    for (const [tenant, code] of [
      ['platform', 'admin'],
      ['demo', 'admin'],
    ] as const) {
      for (let i = 0; i < 25; i += 1) expect([401, 429]).toContain((await api.signIn(tenant, code, `Wrong-${i}-pass`, hammer)).status);
      expect((await api.signIn(tenant, code, SEED_PASSWORD, hammer)).status).toBe(429);
      expect((await api.signIn(tenant, code, SEED_PASSWORD, { remoteAddress: '192.0.2.21' })).status).toBe(200);
      expect((await api.signIn(tenant, code, 'Wrong-pass-1', { remoteAddress: '192.0.2.22' })).status).toBe(401);
      expect((await api.signIn(tenant, code, SEED_PASSWORD, { remoteAddress: '192.0.2.22' })).status).toBe(200);
    }
  });

  it('never refuses an address for its failures alone: one failing on 25 accounts still signs in to another', async () => {
    const remoteAddress = '192.0.2.77';
    for (let i = 0; i < 25; i += 1) expect((await api.signIn('demo', `guess-${i}`, 'Wrong-pass-1', { remoteAddress })).status).toBe(401);
    expect((await api.signIn('platform', 'admin', SEED_PASSWORD, { remoteAddress })).status).toBe(200);
  });

  it('counts a wrong old password of modify-self-pwd as a failure of the pair, and a right one clears it', async () => {
    const token = await api.token('demo', 'operator');
    const remoteAddress = '192.0.2.30';
    const change = async (oldPassword: string) => {
      const { id, randomKey } = await api.nonce({ remoteAddress });
      const body = {
        nonceId: id,
        oldCipherDigest: cipherDigest(oldPassword, randomKey),
        newCipherDigest: cipherDigest(SEED_PASSWORD, randomKey),
        newCipherPassword: encrypt(SEED_PASSWORD, randomKey),
      };
      return api.post('/console/account/modify-self-pwd', body, { token, remoteAddress });
    };
    for (let i = 0; i < SIGN_IN_LIMITS.pair.freeFailures; i += 1) expect((await change('Wrong-Old-1')).status).toBe(400);
    expect((await change(SEED_PASSWORD)).body).toEqual(backOff(1));
    t.clock.advance(1000);
    expect((await change(SEED_PASSWORD)).body.data).toEqual({ field: 'newCipherPassword' }); // right old password (same new one): no longer counted
    expect((await change('Wrong-Old-1')).status).toBe(400);
    expect((await change('Wrong-Old-1')).status).toBe(400);
  });
});

describe('the per-account ceiling across addresses', () => {
  it('refuses an account with 429 after 100 failures within 5 minutes, even the right password from a new address, for the rest of that window only', async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.account.max; i += 1) expect((await api.signIn('demo', 'rd', `Wrong-${i}-pass`)).status).toBe(401); // each from its own address
    const blocked = await api.signIn('demo', 'rd', SEED_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toEqual({
      zh_CN: '该账号登录失败次数过多，请5分钟后再试',
      en_US: 'Too many failed sign-ins to this account, please try again in 5 minutes',
    });
    expect(blocked.body.data.retryAfterSeconds).toBe(5 * 60);
    expect((await api.signIn('demo', 'admin', SEED_PASSWORD)).status).toBe(200); // other accounts are untouched
    t.clock.advance(SIGN_IN_LIMITS.account.windowMs - 60_000);
    expect((await api.signIn('demo', 'rd', SEED_PASSWORD)).body.data.retryAfterSeconds).toBe(60);
    t.clock.advance(60_000);
    expect((await api.signIn('demo', 'rd', SEED_PASSWORD)).status).toBe(200);
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

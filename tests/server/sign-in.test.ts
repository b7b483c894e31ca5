import { describe, expect, it } from 'vitest';
import { cipherDigest } from './helpers/spec-client';
import { SEED_PASSWORD, useTestApp } from './helpers/test-app';

const { t, api } = useTestApp();

describe('GET /console/nonce/generate', () => {
  it('issues a fresh id and randomKey each time, in the envelope', async () => {
    const first = await api.get('/console/nonce/generate');
    const second = await api.get('/console/nonce/generate');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ code: 200, data: { id: expect.any(String), randomKey: expect.any(String) } });
    expect(first.body.data.randomKey.length).toBeLessThanOrEqual(32);
    expect(first.body.data.id).not.toBe(second.body.data.id);
    expect(first.body.data.randomKey).not.toBe(second.body.data.randomKey);
  });
});

describe('POST /console/account/login/code-pwd', () => {
  it('signs in with the spec cipherDigest and returns sessionKey, account and tenant', async () => {
    const reply = await api.signIn('demo', 'admin', SEED_PASSWORD);
    expect(reply.status).toBe(200);
    const { sessionKey, account, tenant } = reply.body.data;
    expect(Buffer.from(sessionKey, 'base64url').length).toBeGreaterThanOrEqual(32);
    expect(account).toMatchObject({ code: 'admin', role: 'tenant_admin', tenantId: tenant.id, mustChangePassword: false });
    expect(account).not.toHaveProperty('passwordHash');
    expect(tenant).toMatchObject({ code: 'demo', internal: false, rawDataStorageQuota: { limited: false } });
  });

  it('refuses a wrong password with 401 and a message in both languages', async () => {
    const reply = await api.signIn('demo', 'rd', 'Wrong-Pass-1');
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({
      code: -1,
      message: { zh_CN: '空间账号、个人账号或密码错误', en_US: 'Wrong space account, personal account or password' },
      data: null,
    });
  });

  it('answers an unknown tenant or account exactly like a wrong password', async () => {
    for (const [tenantCode, code] of [
      ['nowhere', 'admin'],
      ['demo', 'nobody'],
    ] as const) {
      const reply = await api.signIn(tenantCode, code, SEED_PASSWORD);
      expect(reply.status).toBe(401);
      expect(reply.body.message.zh_CN).toBe('空间账号、个人账号或密码错误');
    }
  });

  it('refuses a replayed nonce', async () => {
    const { id, randomKey } = await api.nonce();
    const body = { tenantCode: 'demo', code: 'admin', cipherDigest: cipherDigest(SEED_PASSWORD, randomKey), nonceId: id };
    expect((await api.post('/console/account/login/code-pwd', body)).status).toBe(200);
    const replay = await api.post('/console/account/login/code-pwd', body);
    expect(replay.status).toBe(400);
    expect(replay.body.message.zh_CN).toBe('登录随机数无效或已过期，请重试');
    expect(replay.body.data).toEqual({ field: 'nonceId' });
  });

  it('refuses a nonce older than 60 seconds and accepts one just younger', async () => {
    const stale = await api.nonce();
    const fresh = await api.nonce();
    t.clock.advance(59_000);
    const inTime = await api.post('/console/account/login/code-pwd', {
      tenantCode: 'demo',
      code: 'admin',
      cipherDigest: cipherDigest(SEED_PASSWORD, fresh.randomKey),
      nonceId: fresh.id,
    });
    expect(inTime.status).toBe(200);
    t.clock.advance(2_000);
    const late = await api.post('/console/account/login/code-pwd', {
      tenantCode: 'demo',
      code: 'admin',
      cipherDigest: cipherDigest(SEED_PASSWORD, stale.randomKey),
      nonceId: stale.id,
    });
    expect(late.status).toBe(400);
    expect(late.body.message.en_US).toBe('The nonce is invalid or has expired, please try again');
  });

  it('refuses a cipherDigest made with another key', async () => {
    const { id } = await api.nonce();
    const reply = await api.post('/console/account/login/code-pwd', {
      tenantCode: 'demo',
      code: 'admin',
      cipherDigest: cipherDigest(SEED_PASSWORD, 'another-key'),
      nonceId: id,
    });
    expect(reply.status).toBe(400);
    expect(reply.body.data).toEqual({ field: 'cipherDigest' });
  });

  it.each([
    ['tenantCode', '请输入空间账号', 'Space account is required'],
    ['code', '请输入个人账号', 'Personal account is required'],
    ['cipherDigest', '请输入密码', 'Password is required'],
  ])('requires %s with the spec §5 message', async (field, zh, en) => {
    const { id, randomKey } = await api.nonce();
    const body: Record<string, string> = { tenantCode: 'demo', code: 'admin', cipherDigest: cipherDigest(SEED_PASSWORD, randomKey), nonceId: id };
    for (const value of [undefined, '', '   ']) {
      if (value === undefined) delete body[field];
      else body[field] = value;
      if (field === 'cipherDigest' && value === '   ') continue; // a ciphertext is not trimmed
      const reply = await api.post('/console/account/login/code-pwd', body);
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ code: -1, message: { zh_CN: zh, en_US: en }, data: { field } });
    }
  });

  it('requires a nonceId', async () => {
    const reply = await api.post('/console/account/login/code-pwd', { tenantCode: 'demo', code: 'admin', cipherDigest: 'x' });
    expect(reply.status).toBe(400);
    expect(reply.body.data).toEqual({ field: 'nonceId' });
  });

  it('bounds the length of the codes', async () => {
    const reply = await api.signIn('d'.repeat(65), 'admin', SEED_PASSWORD);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toEqual({ zh_CN: '空间账号不能超过64个字符', en_US: 'Space account must be at most 64 characters' });
  });
});

describe('POST /console/account/logout', () => {
  it('ends the session: the old token then gets 403', async () => {
    const token = await api.token('demo', 'rd');
    expect((await api.get('/console/account/get-cur-user-info', { token })).status).toBe(200);
    const out = await api.post('/console/account/logout', { sessionKey: token });
    expect(out.status).toBe(200);
    expect(out.body.code).toBe(200);
    const after = await api.get('/console/account/get-cur-user-info', { token });
    expect(after.status).toBe(403);
    expect(after.body.message.zh_CN).toBe('登录状态已过期!');
  });

  it('requires the sessionKey', async () => {
    const reply = await api.post('/console/account/logout', {});
    expect(reply.status).toBe(400);
    expect(reply.body.data).toEqual({ field: 'sessionKey' });
  });
});

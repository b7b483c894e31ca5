import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, type Api } from './helpers/api';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let api: Api;
beforeAll(async () => {
  t = await createTestApp();
  t.app.get('/api/v1/test/boom', { config: { access: 'public' } }, async () => {
    throw new Error('secret internals at /srv/app.ts:42');
  });
  api = apiOf(t.app);
});
afterAll(() => t.close());

describe('responses', () => {
  it('carry security headers, errors included', async () => {
    for (const url of ['/api/v1/console/nonce/generate', '/api/v1/console/account/get-cur-user-info', '/api/v1/nowhere']) {
      const { headers } = await t.app.inject({ url });
      expect(headers['content-security-policy']).toContain("default-src 'self'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['x-frame-options']).toBeUndefined(); // SAMEORIGIN would contradict frame-ancestors 'none'
      expect(headers['referrer-policy']).toBe('no-referrer');
      expect(headers['strict-transport-security']).toBeUndefined(); // plain HTTP: no HSTS (RFC 6797 §7.2)
      expect(headers['cache-control']).toBe('no-store');
    }
  });

  it('answer an unknown API path with 404 in the envelope', async () => {
    const reply = await api.get('/console/nowhere');
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ code: -1, message: { zh_CN: '接口不存在', en_US: 'No such API' }, data: null });
  });

  it('answer malformed JSON with 400, not 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/console/account/login/code-pwd',
      headers: { 'content-type': 'application/json' },
      payload: '{"tenantCode":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: -1, message: { zh_CN: '请求格式错误', en_US: 'Malformed request' }, data: null });
  });

  it('answer an unexpected failure with a generic message and no stack', async () => {
    const response = await t.app.inject({ url: '/api/v1/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: -1, message: { zh_CN: '操作失败,系统异常!', en_US: 'Operation failed, system error!' }, data: null });
    expect(response.body).not.toContain('secret internals');
  });

  it('redirect / to /app', async () => {
    const response = await t.app.inject({ url: '/' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/app');
  });
});

describe('GET /api/v1/openapi.json', () => {
  const CALLS = [
    ['get', '/console/nonce/generate'],
    ['post', '/console/account/login/code-pwd'],
    ['post', '/console/account/logout'],
    ['post', '/console/account/create-account'],
    ['get', '/console/account/get-cur-user-info'],
    ['get', '/console/account/query'],
    ['get', '/console/account/get-user-info'],
    ['get', '/console/account/list-role-v2'],
    ['post', '/console/account/reset-other-account-pwd'],
    ['post', '/console/account/modify-self-basic-info'],
    ['post', '/console/account/modify-self-pwd'],
  ] as const;

  it('documents every call of spec §7 with its payload fields, without a session', async () => {
    const response = await t.app.inject({ url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    for (const [method, path] of CALLS) expect(document.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    const login = document.paths['/console/account/login/code-pwd'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(login.properties).sort()).toEqual(['cipherDigest', 'code', 'nonceId', 'tenantCode']);
    const create = document.paths['/console/account/create-account'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(create.properties)).toEqual(expect.arrayContaining(['role', 'accountCode', 'accountName', 'cipherDigest', 'nonceId', 'description']));
    expect(document.paths['/console/account/reset-other-account-pwd'].post.description).toMatch(/one-time password/);
  });
});

import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { sampleInput } from '../../model/schemas/engine/sample';
import { resourceOf } from './helpers/entities';
import { SEED_PASSWORD, useTestApp } from './helpers/test-app';

/** Credentials are never cached, HSTS only over HTTPS, no X-Frame-Options beside the CSP. */
const { t, api } = useTestApp();
/** A document's inline script, as the signed-in document draws its frame (scripts/signed-in-document.ts). */
const FRAME_SCRIPT = "document.getElementById('root').textContent = 'EDP';";
const consoleDir = mkdtempSync(path.join(tmpdir(), 'edp-console-'));
let console_: FastifyInstance;
let proxied: FastifyInstance;
beforeAll(async () => {
  mkdirSync(path.join(consoleDir, 'assets'));
  writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><title>EDP</title>');
  writeFileSync(path.join(consoleDir, 'signed-in.html'), `<!doctype html><title>EDP</title><div id="root"></div><script>${FRAME_SCRIPT}</script>`);
  writeFileSync(path.join(consoleDir, 'assets', 'main-abc123.js'), 'console.log(1)');
  // The same database, served with the console and once more behind a trusted proxy.
  const database = { db: t.database.db, kind: t.database.kind };
  console_ = (await buildApp({ ...database, config: t.config, clock: t.clock, storage: t.storage, consoleDir })).http;
  proxied = (await buildApp({ ...database, config: { ...t.config, trustProxy: true }, clock: t.clock, storage: t.storage })).http;
});
afterAll(async () => {
  await console_?.close();
  await proxied?.close();
  rmSync(consoleDir, { recursive: true, force: true });
});

describe('Cache-Control on responses that carry credentials', () => {
  it('is no-store on sign-in, create-account, reset-other-account-pwd, tenant create and access-key create', async () => {
    const signIn = await api.signIn('platform', 'admin', SEED_PASSWORD);
    expect(signIn.body.data.sessionKey).toBeDefined();
    expect(signIn.headers['cache-control']).toBe('no-store');
    const platform = signIn.body.data.sessionKey as string;
    const demo = await api.token('demo', 'admin');

    const created = await api.createAccount(demo, { role: 'rd', accountCode: 'cached', accountName: 'Cached', password: 'Temp-Pass-1', withPassword: false });
    expect(created.status).toBe(200);
    expect(created.headers['cache-control']).toBe('no-store');

    const reset = await api.post('/console/account/reset-other-account-pwd', { accountId: created.body.data.id }, { token: demo });
    expect(reset.body.data.password).toBeDefined();
    expect(reset.headers['cache-control']).toBe('no-store');

    const tenant = await api.post(
      '/console/tenant/create',
      { code: 'cache-lab', name: 'Cache Lab', adminCode: 'chief', adminName: 'Chief' },
      { token: platform },
    );
    expect(tenant.status, JSON.stringify(tenant.body)).toBe(200);
    expect(tenant.body.data.extras.admin.password).toBeDefined();
    expect(tenant.headers['cache-control']).toBe('no-store');

    const accessKeys = resourceOf('access-key');
    const key = await api.post(`${accessKeys.api}/create`, sampleInput(accessKeys.entity, 1), { token: demo });
    expect(key.status, JSON.stringify(key.body)).toBe(200);
    expect(JSON.stringify(key.body.data)).toMatch(/secret/i);
    expect(key.headers['cache-control']).toBe('no-store');
  });

  it('is no-store on every other API answer too: reads, failures, unknown paths, the OpenAPI document', async () => {
    const token = await api.token('demo', 'rd');
    for (const reply of [
      await api.get('/console/account/get-cur-user-info', { token }),
      await api.get('/console/account/get-cur-user-info'),
      await api.post('/console/account/login/code-pwd', {}),
      await api.get('/console/nowhere'),
    ])
      expect(reply.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ url: '/api/v1/openapi.json' })).headers['cache-control']).toBe('no-store');
  });

  it("leaves the console's files their own caching", async () => {
    const asset = await console_.inject({ url: '/app/assets/main-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await console_.inject({ url: '/app/data/bag' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect((await console_.inject({ url: '/api/v1/console/nonce/generate' })).headers['cache-control']).toBe('no-store');
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent only over HTTPS: behind a trusted proxy that says so, never over plain HTTP', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    for (const url of ['/api/v1/console/nonce/generate', '/app', '/api/v1/nowhere']) {
      expect((await proxied.inject({ url, headers: https })).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect((await proxied.inject({ url })).headers['strict-transport-security']).toBeUndefined();
      // Without TRUST_PROXY the header is anyone's to forge: the connection itself is plain HTTP.
      expect((await t.app.inject({ url, headers: https })).headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('comes with a CSP that refuses framing, and no X-Frame-Options to contradict it', async () => {
    for (const app of [t.app, proxied, console_]) {
      const { headers } = await app.inject({ url: '/app', headers: { 'x-forwarded-proto': 'https' } });
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['x-frame-options']).toBeUndefined();
    }
  });

  it('lets the console compile WebAssembly (the upload’s MD5), and never evaluate strings as script', async () => {
    const csp = String((await t.app.inject({ url: '/app' })).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).not.toContain("'unsafe-eval'");
  });

  it("allows the console documents' own inline scripts by their hashes, and no other inline script", async () => {
    const hash = `'sha256-${createHash('sha256').update(FRAME_SCRIPT).digest('base64')}'`;
    for (const url of ['/app/data/lake/raw-data', '/app/login', '/api/v1/console/account/get-cur-user-info']) {
      const csp = String((await console_.inject({ url })).headers['content-security-policy']);
      const scriptSrc = /script-src ([^;]*)/.exec(csp)![1]!.split(' ');
      expect(scriptSrc, url).toEqual(["'self'", "'wasm-unsafe-eval'", hash]);
    }
    const withoutConsole = String((await t.app.inject({ url: '/app' })).headers['content-security-policy']);
    expect(withoutConsole).toContain("script-src 'self' 'wasm-unsafe-eval';");
  });
});

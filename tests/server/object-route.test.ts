import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app';

/** The local store's signed links, served by the app: the signature is the permission, for its key, method and time. */
const { t } = useTestApp();
const pathOf = (url: string) => new URL(url, 'http://local.invalid').pathname + new URL(url, 'http://local.invalid').search;

describe('the object route', () => {
  it('serves a signed GET link whole, by range and by HEAD, under its download name', async () => {
    await t.storage.put('raw/2026/demo.mcap', Buffer.from('0123456789'), { contentType: 'application/octet-stream' });
    const url = pathOf(await t.storage.signedUrl('raw/2026/demo.mcap', { expiresInSeconds: 600, fileName: '演示 demo.mcap' }));
    const whole = await t.app.inject({ url });
    expect(whole.statusCode).toBe(200);
    expect(whole.body).toBe('0123456789');
    expect(whole.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('演示 demo.mcap')}`);
    const part = await t.app.inject({ url, headers: { range: 'bytes=2-5' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('2345');
    expect(part.headers['content-range']).toBe('bytes 2-5/10');
    const head = await t.app.inject({ method: 'HEAD', url });
    expect([head.statusCode, head.headers['content-length'], head.body]).toEqual([200, '10', '']);
  });

  it('refuses a link expired, tampered with or used for another method, in both languages, and a missing object with 404', async () => {
    await t.storage.put('raw/2026/kept.bag', Buffer.from('kept'));
    const url = pathOf(await t.storage.signedUrl('raw/2026/kept.bag', { expiresInSeconds: 60 }));
    const refused = async (request: InjectOptions) => {
      const reply = await t.app.inject(request);
      expect(reply.statusCode).toBe(403);
      expect(reply.json().message).toEqual({ zh_CN: '下载链接无效或已过期', en_US: 'The link is invalid or has expired' });
    };
    await refused({ url: url.replace('kept.bag', 'other.bag') });
    await refused({ url: url.replace(/expires=\d+/, 'expires=9999999999') });
    await refused({ method: 'PUT', url, payload: 'overwritten' });
    t.clock.advance(61_000);
    await refused({ url });
    const gone = pathOf(await t.storage.signedUrl('raw/2026/never-stored.bag', { expiresInSeconds: 60 }));
    expect((await t.app.inject({ url: gone })).statusCode).toBe(404);
  });

  it('takes an upload through a signed PUT link, larger than the API body limit', async () => {
    const body = Buffer.alloc(3 * 1024 * 1024, 7);
    const url = pathOf(await t.storage.signedUrl('uploads/big.bin', { expiresInSeconds: 60, method: 'PUT' }));
    const put = await t.app.inject({ method: 'PUT', url, payload: body, headers: { 'content-type': 'application/octet-stream' } });
    expect(put.statusCode).toBe(200);
    expect((await t.storage.head('uploads/big.bin'))?.size).toBe(body.length);
    // A PUT link does not read.
    expect((await t.app.inject({ url })).statusCode).toBe(403);
  });

  it('answers hostile paths, queries and ranges with a refusal in both languages, never a 500 nor another object', async () => {
    await t.storage.put('secret/plan.txt', Buffer.from('not for you'));
    const signed = pathOf(await t.storage.signedUrl('public/ok.txt', { expiresInSeconds: 600 }));
    const segment = fc.oneof(fc.string(), fc.constantFrom('..', '.', '%2e%2e', 'secret', 'plan.txt', '%00', '.meta', '.multipart'));
    const query = fc.oneof(
      fc.constant(new URL(signed, 'http://x').search),
      fc.dictionary(fc.constantFrom('expires', 'signature', 'method', 'fileName', 'other'), fc.string()).map((params) => `?${new URLSearchParams(params)}`),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(segment, { maxLength: 4 }),
        query,
        fc.option(fc.string()),
        fc.constantFrom('GET', 'HEAD', 'PUT'),
        async (segments, search, range, method) => {
          const url = `/api/v1/objects/${segments.map((part) => encodeURIComponent(part)).join('/')}${search}`;
          const reply = await t.app.inject({ method, url, headers: range === null ? {} : { range }, ...(method === 'PUT' ? { payload: 'x' } : {}) });
          expect(reply.statusCode).toBeLessThan(500);
          expect(reply.body).not.toContain('not for you');
          if (reply.statusCode >= 400 && method !== 'HEAD') expect(Object.keys(reply.json().message)).toEqual(['zh_CN', 'en_US']);
        },
      ),
      { numRuns: 150, seed: 20261123 },
    );
  });
});

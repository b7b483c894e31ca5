import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES } from '../../server/http/compression';
import { cipherDigest } from './helpers/spec-client';
import { useTestApp } from './helpers/test-app';

/** The API's JSON answers to reads are compressed when the client accepts it, and nothing else is. */
const { t, api } = useTestApp();
const LIST = '/api/v1/console/account/query?pageSize=-1&pageNum=1';
let token: string;
beforeAll(async () => {
  token = await api.token('demo', 'admin');
  // enough accounts for the list to be worth compressing
  for (let index = 0; index < 12; index += 1)
    await api.createAccount(token, { role: 'rd', accountCode: `packed${index}`, accountName: `Packed ${index}`, password: 'Temp-Pass-1', withPassword: false });
});
const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });

describe('compressed API answers', () => {
  it('sends a list in brotli or gzip as the client accepts, the same JSON once decoded, and plain to a client that accepts neither', async () => {
    const plain = await get(LIST);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);

    const br = await get(LIST, 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await get(LIST, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    expect((await get(LIST, 'br;q=0, gzip;q=0')).headers['content-encoding']).toBeUndefined();
  });

  it('leaves small answers, and the answer of a POST (a new account), as they are', async () => {
    const small = await get('/api/v1/console/account/get-cur-user-info', 'br');
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    // a new account, its answer long enough to be worth compressing
    const { id, randomKey } = await api.nonce();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/console/account/create-account',
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br' },
      payload: {
        role: 'rd',
        accountCode: 'onetime',
        accountName: 'One Time',
        description: '说'.repeat(500),
        nonceId: id,
        cipherDigest: cipherDigest('Temp-Pass-1', randomKey),
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(JSON.stringify(created.json())).toContain('onetime');
    expect(created.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(created.headers['content-encoding']).toBeUndefined();
  });
});

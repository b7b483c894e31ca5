import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { useTestApp } from './helpers/test-app';

/** The console's hashed assets are answered from memory, each in the best encoding the browser accepts. */
const { t } = useTestApp();
const consoleDir = mkdtempSync(path.join(tmpdir(), 'edp-console-files-'));
const SCRIPT = 'export const answer = 42;\n'.repeat(50);
let app: FastifyInstance;
beforeAll(async () => {
  const assets = path.join(consoleDir, 'assets');
  mkdirSync(assets);
  writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><title>EDP</title>');
  writeFileSync(path.join(consoleDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(consoleDir, 'signed-in.html'), '<!doctype html><title>EDP</title><link rel="modulepreload" href="/app/assets/signed-in-1.js">');
  writeFileSync(path.join(assets, 'page-abc123.js'), SCRIPT);
  writeFileSync(path.join(assets, 'page-abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(assets, 'page-abc123.js.gz'), gzipSync(SCRIPT));
  writeFileSync(path.join(assets, 'style-def456.css'), 'body{margin:0}');
  writeFileSync(path.join(assets, 'logo-0a1b2c.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  app = (await buildApp({ db: t.database.db, kind: t.database.kind, config: t.config, clock: t.clock, storage: t.storage, consoleDir })).http;
});
afterAll(async () => {
  await app?.close();
  rmSync(consoleDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) => app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe("the console's assets", () => {
  it('are sent brotli-compressed, else gzip, else as they are, with their type, for a year, varying by encoding', async () => {
    const br = await get('/app/assets/page-abc123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers).toMatchObject({
      'content-encoding': 'br',
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'Accept-Encoding',
    });
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const gzip = await get('/app/assets/page-abc123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/app/assets/page-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    const css = await get('/app/assets/style-def456.css', 'br');
    expect(css.headers).toMatchObject({ 'content-type': 'text/css; charset=utf-8' });
    expect(css.body).toBe('body{margin:0}'); // no compressed sibling: as it is
  });

  it('serve a kind not kept in memory from disk, and answer 404 for a missing one or a path out of the folder', async () => {
    const png = await get('/app/assets/logo-0a1b2c.png');
    expect(png.statusCode).toBe(200);
    expect(png.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/app/assets/gone-999.js', '/app/assets/..%2Findex.html', '/app/assets/.hidden']) expect((await get(url)).statusCode, url).toBe(404);
    expect((await app.inject({ method: 'HEAD', url: '/app/assets/page-abc123.js' })).statusCode).toBe(200);
  });
});

describe("the console's document", () => {
  const documentOf = async (url: string) => {
    const reply = await get(url);
    expect(reply.statusCode, url).toBe(200);
    expect(reply.headers['cache-control'], url).toBe('no-cache');
    return reply.body.includes('modulepreload') ? 'signed-in' : 'sign-in';
  };

  it('preloads the signed-in chunks on every route but sign-in, which loads only its own', async () => {
    for (const url of ['/app/login', '/app/login?to=%2Fdata', '/app/login/']) expect(await documentOf(url), url).toBe('sign-in');
    for (const url of ['/app/', '/app/data/lake/raw-data', '/app/data/lake/raw-data?currentPage=2', '/app/loginx', '/app/console/space/account'])
      expect(await documentOf(url), url).toBe('signed-in');
  });
});

describe("the console's documents and icon", () => {
  it('are answered from memory, the documents on every declared route without looking on disk first', async () => {
    const moved = ['index.html', 'signed-in.html', 'favicon.svg'];
    for (const name of moved) renameSync(path.join(consoleDir, name), path.join(consoleDir, `${name}.away`));
    try {
      for (const url of ['/app/login', '/app/data/lake/raw-data', '/app/data/lake/raw-data-detail/5', '/app/', '/app/index.html', '/app/signed-in.html']) {
        const reply = await get(url, 'br');
        expect(reply.statusCode, url).toBe(200);
        expect(reply.headers, url).toMatchObject({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
        expect(reply.body, url).toContain('<title>EDP</title>');
      }
      const icon = await get('/app/favicon.svg');
      expect(icon.statusCode).toBe(200);
      expect(icon.headers).toMatchObject({ 'content-type': 'image/svg+xml', 'cache-control': 'no-cache' });
      expect(icon.body).toContain('<svg');
    } finally {
      for (const name of moved) renameSync(path.join(consoleDir, `${name}.away`), path.join(consoleDir, name));
    }
  });
});

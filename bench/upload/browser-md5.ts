import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../tests/chromium-for-tests';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ORIGIN = 'http://bench.local';
const SCRIPTS: Record<string, string> = {
  '/hash-wasm-md5.js': 'node_modules/hash-wasm/dist/md5.umd.min.js',
  '/crypto-js.js': 'node_modules/crypto-js/crypto-js.js',
};

/** In a Web Worker, as the upload page hashes: 8 MiB slices of `mib` MiB through hash-wasm's incremental MD5, then through crypto-js. */
const WORKER = `
importScripts('/hash-wasm-md5.js', '/crypto-js.js');
onmessage = async ({ data: { mib, cryptoJsMib } }) => {
  const slice = new Uint8Array(8 * 1024 * 1024);
  for (let i = 0; i < slice.length; i++) slice[i] = (i * 2654435761) >>> 24;
  const md5 = await hashwasm.createMD5();
  let start = performance.now();
  md5.init();
  for (let done = 0; done < mib; done += 8) { slice[0] = done & 255; md5.update(slice); }
  md5.digest();
  const wasm = (mib * 1048576) / ((performance.now() - start) / 1000);
  const hasher = CryptoJS.algo.MD5.create();
  start = performance.now();
  for (let done = 0; done < cryptoJsMib; done += 8) { slice[0] = done & 255; hasher.update(CryptoJS.lib.WordArray.create(slice)); }
  hasher.finalize();
  const cryptoJs = (cryptoJsMib * 1048576) / ((performance.now() - start) / 1000);
  postMessage({ wasm, cryptoJs });
};`;

/** Bytes per second of each hasher in Chromium. */
export async function browserMd5(mib: number, cryptoJsMib: number): Promise<{ wasm: number; cryptoJs: number }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage();
    await page.route(`${ORIGIN}/**`, (route) => {
      const { pathname } = new URL(route.request().url());
      if (pathname === '/worker.js') return route.fulfill({ contentType: 'text/javascript', body: WORKER });
      if (SCRIPTS[pathname]) return route.fulfill({ contentType: 'text/javascript', body: readFileSync(path.join(ROOT, SCRIPTS[pathname]!), 'utf8') });
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>md5</title>' });
    });
    await page.goto(`${ORIGIN}/`);
    return await page.evaluate(
      ({ mib, cryptoJsMib }) =>
        new Promise<{ wasm: number; cryptoJs: number }>((resolve, reject) => {
          const worker = new Worker('/worker.js');
          worker.onmessage = ({ data }) => resolve(data);
          worker.onerror = (event) => reject(new Error(event.message));
          worker.postMessage({ mib, cryptoJsMib });
        }),
      { mib, cryptoJsMib },
    );
  } finally {
    await browser.close();
  }
}

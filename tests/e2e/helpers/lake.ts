import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { apiSignIn, baseUrl } from './browser';

/** A file's MD5, to compare what comes back with what went in. */
export const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest();

/** Clicks `button` (a page's download button) and waits for the file it saves: the download and its bytes. */
export async function downloadThrough(page: Page, button: Locator) {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { download, bytes: readFileSync((await download.path())!) };
}

/** A recording uploaded over the API as the console would (one part), parsed by the server's worker into a bag. */
export async function uploadedBag(name: string, bytes: Uint8Array, robot: Record<string, string> = {}): Promise<number> {
  const { sessionKey } = await apiSignIn('demo', 'rd');
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${baseUrl()}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${sessionKey}`, ...(body instanceof Uint8Array ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: body instanceof Uint8Array ? (body as Uint8Array<ArrayBuffer>) : JSON.stringify(body) }),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(`${path}: ${JSON.stringify(answer)}`);
    return answer.data;
  };
  const metadata = { robotSn: 'SN-E2E-DL', robotType: 'ur5e', bagRegion: 'suzhou', uploadType: 'manual', ...robot };
  const { upload } = await call('POST', '/data/lake/upload/start', { fileName: name, fileSize: bytes.length, md5: md5(bytes).toString('hex'), metadata });
  await call('PUT', `/data/lake/upload/part?uploadId=${upload.uploadId}&partNumber=1`, bytes, {
    'content-type': 'application/octet-stream',
    'content-md5': md5(bytes).toString('base64'),
  });
  await call('POST', '/data/lake/upload/complete', { uploadId: upload.uploadId });
  await expect.poll(async () => (await call('GET', `/data/lake/upload/status?uploadId=${upload.uploadId}`)).upload.status, { timeout: 30_000 }).toBe('SUCCESS');
  return (await call('GET', `/data/lake/upload/status?uploadId=${upload.uploadId}`)).upload.bag;
}

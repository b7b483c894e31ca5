import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';

/** A file's MD5, to compare what comes back with what went in. */
export const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest();

/** Clicks `button` (a page's download button) and waits for the file it saves: the download and its bytes. */
export async function downloadThrough(page: Page, button: Locator) {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { download, bytes: readFileSync((await download.path())!) };
}

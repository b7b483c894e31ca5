import { readFileSync } from 'node:fs';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mcapBuffer, plannedMessages } from '../server/recordings/helpers/mcap-files';
import { appUrl, baseUrl, signedInPage, useBrowser } from './helpers/browser';
import { downloadThrough, md5, uploadedBag } from './helpers/lake';

const browser = useBrowser();

/** A bulk export of the selected rows: its button, spec §5's "type yes", and the file it saves. */
async function bulkExport(page: Page, action: string): Promise<Download> {
  await page.getByTestId(`bulk-${action}`).click();
  await page.getByTestId('type-yes').fill('yes');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click(),
  ]);
  return download;
}

describe('a recording comes back out', () => {
  it('shows its topics, downloads byte for byte, exports raw_data_meta.json, and counts the download on the quota page', async () => {
    const bytes = await mcapBuffer(plannedMessages(), { useChunks: true, chunkSize: 2048 });
    const id = await uploadedBag('e2e-download.mcap', bytes);
    const { context, page } = await signedInPage(browser(), 'demo', 'admin');

    await page.goto(appUrl(`/data/lake/raw-data-detail/${id}`));
    const topics = page.getByTestId('bag-topics');
    await topics.getByRole('row', { name: /\/imu\s+sensor_msgs\/Imu\s+ros1\s+201\s+100\.0/ }).waitFor();

    const { download, bytes: downloaded } = await downloadThrough(page, page.getByTestId('bag-download'));
    expect(download.suggestedFilename()).toBe('e2e-download.mcap');
    expect(md5(downloaded)).toEqual(md5(bytes));

    await page.goto(appUrl('/data/lake/raw-data?filters[0][field]=bagName&filters[0][operator]=contains&filters[0][value]=e2e-download'));
    await page
      .getByRole('row', { name: /e2e-download\.mcap/ })
      .getByRole('checkbox')
      .check();
    const meta = await bulkExport(page, 'meta');
    expect(meta.suggestedFilename()).toBe('raw_data_meta.json');
    const exported = JSON.parse(readFileSync((await meta.path())!, 'utf8'));
    expect(exported.bags).toMatchObject([
      { id, bagName: 'e2e-download.mcap', topics: expect.arrayContaining([expect.objectContaining({ topic: '/imu', messageCount: 201 })]) },
    ]);

    const commands = await bulkExport(page, 'commands');
    expect(commands.suggestedFilename()).toBe('raw_data_download.sh');
    const script = readFileSync((await commands.path())!, 'utf8');
    expect(script).toMatch(new RegExp(`^fetch_one 'e2e-download\\.mcap' '${baseUrl()}/api/v1/objects/raw-data/`, 'm'));
    await page.locator('.ant-notification-notice').getByText('成功 1 个，失败 0 个').waitFor();

    await page.goto(appUrl('/console/space/quota'));
    await expect.poll(() => page.getByTestId('download-gauge').innerText()).not.toContain('暂未统计');
    expect(await page.getByTestId('download-gauge').innerText()).toMatch(/\d+(\.\d+)?\s*(B|KB|KiB|MB)/);
    await context.close();
  });
});

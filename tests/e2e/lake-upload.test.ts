import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mcapBuffer, outOfOrder, plannedMessages, T0 } from '../server/recordings/helpers/mcap-files';
import { appUrl, signedInPage, useBrowser } from './helpers/browser';

const browser = useBrowser();
const RAW_DATA = '/data/lake/raw-data';
const MIB = 1024 * 1024;

/** The upload drawer of the raw-data list, with the metadata every file goes with: the first robot of the space (its type and region follow). */
async function openDrawer(page: Page, path = RAW_DATA) {
  await page.goto(appUrl(path));
  await page.getByRole('button', { name: /上\s*传/ }).click();
  const drawer = page.locator('.ant-drawer-content');
  await drawer.getByText('上传原始数据').waitFor();
  await drawer.getByLabel('机器人序列号').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first().click();
  await expect.poll(() => drawer.getByLabel('机器人型号').inputValue()).not.toBe('');
  return drawer;
}

/** Where a file's upload ended: its stage, and what its row says (the reason when it failed). */
async function ended(drawer: Locator, name: string) {
  const row = drawer.locator(`[data-testid=upload-file][data-file="${name}"]`);
  await row.and(drawer.locator('[data-stage=completed], [data-stage=failed]')).waitFor({ timeout: 30_000 });
  const result = { stage: await row.getAttribute('data-stage'), text: await row.innerText() };
  return result;
}

const choose = (page: Page, files: { name: string; buffer: Buffer }[]) =>
  page.locator('.ant-drawer-content input[type=file]').setInputFiles(files.map(({ name, buffer }) => ({ name, mimeType: 'application/octet-stream', buffer })));

/** The time the list shows (spec §9, local time), of a moment in nanoseconds. */
const shown = (page: Page, nanoseconds: bigint) =>
  page.evaluate(
    (ms) => {
      const date = new Date(ms);
      const pad = (value: number) => String(value).padStart(2, '0');
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
    },
    Number(nanoseconds / 1_000_000n),
  );

describe('uploading recordings from the raw-data list (issue #13, spec §5)', () => {
  it('refuses what is not a recording, uploads two, shows their stages to the end, and lists their bags with the parsed start time', async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'rd');
    // The list shows only these uploads (older than the demo's bags), and fills itself in as they are parsed.
    const drawer = await openDrawer(page, `${RAW_DATA}?filters[0][field]=bagName&filters[0][operator]=contains&filters[0][value]=e2e-upload-`);
    await choose(page, [{ name: 'notes.txt', buffer: Buffer.from('not a recording') }]);
    await page.locator('.ant-notification-notice').getByText('只能上传 .mcap 或 .bag 文件').waitFor();

    const files = [
      { name: 'e2e-upload-a.mcap', buffer: Buffer.from(await mcapBuffer(plannedMessages(), { useChunks: true })) },
      { name: 'e2e-upload-b.mcap', buffer: Buffer.from(await mcapBuffer(outOfOrder(plannedMessages()), { useChunks: true })) },
    ];
    await choose(page, files);
    await drawer.getByTestId('upload-chosen').getByText('e2e-upload-b.mcap').waitFor();
    await drawer.getByRole('button', { name: /开始上传/ }).click();
    for (const { name } of files) expect(await ended(drawer, name)).toEqual({ stage: 'completed', text: expect.any(String) });
    await expect.poll(() => drawer.locator('[data-testid=upload-file] .ant-steps-item-finish').count()).toBeGreaterThanOrEqual(2 * 4);

    await page.locator('.ant-drawer-close').click();
    const start = await shown(page, T0);
    for (const { name } of files) {
      const row = page.getByRole('row', { name: new RegExp(name.replace('.', '\\.')) });
      await row.waitFor();
      await row.getByText(start).waitFor();
    }
    await context.close();
  });

  it('resumes an interrupted upload: after a reload, the same file sends only the parts the server does not hold', async () => {
    const big = plannedMessages().map((message) => (message.topic === '/camera' ? { ...message, size: 600_000 } : message));
    const file = { name: 'e2e-upload-resumed.mcap', buffer: Buffer.from(await mcapBuffer(big, { useChunks: true })) };
    expect(file.buffer.length).toBeGreaterThan(8 * MIB); // two parts of 8 MiB

    const { context, page } = await signedInPage(browser(), 'demo', 'rd');
    const sent: string[] = [];
    page.on('requestfinished', (request) => {
      if (request.url().includes('/upload/part')) sent.push(new URL(request.url()).searchParams.get('partNumber')!);
    });
    // The connection drops for the second part, every time it is tried.
    await page.route(
      (url) => url.pathname.endsWith('/api/v1/data/lake/upload/part'),
      (route) => (new URL(route.request().url()).searchParams.get('partNumber') === '2' ? route.abort('connectionreset') : route.continue()),
    );
    let drawer = await openDrawer(page);
    await choose(page, [file]);
    await drawer.getByRole('button', { name: /开始上传/ }).click();
    expect(await ended(drawer, file.name)).toMatchObject({ stage: 'failed' });
    expect(sent).toEqual(['1']);

    await page.unrouteAll();
    await page.reload();
    drawer = await openDrawer(page);
    await choose(page, [file]);
    await drawer.getByRole('button', { name: /开始上传/ }).click();
    expect(await ended(drawer, file.name)).toMatchObject({ stage: 'completed' });
    expect(sent).toEqual(['1', '2']);
    await context.close();
  });
});

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mcapBuffer, outOfOrder, plannedMessages, T0 } from '../server/recordings/helpers/mcap-files';
import { rosbagForTests, writeBag, type BagMessage } from '../server/recordings/helpers/rosbag-files';
import { appUrl, signedInPage, useBrowser } from './helpers/browser';
import { downloadThrough, md5 } from './helpers/lake';

const browser = useBrowser();
const RAW_DATA = '/data/lake/raw-data';
const MIB = 1024 * 1024;
/** Debian's rosbag writes the .bag (skipped with a notice without it; an error under CI). */
const withRosbag = rosbagForTests();

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

/** A ROS1 recording of 3 s: /imu at 50 Hz (151), /chatter at 2 Hz (7), from 1.25 s past a whole second to 3 s later. */
const BAG_T0 = { sec: 1_700_000_100, nsec: 250_000_000 };
function plannedBag(): BagMessage[] {
  const at = (ms: number) => {
    const nsec = BAG_T0.nsec + ms * 1_000_000;
    return { sec: BAG_T0.sec + Math.floor(nsec / 1e9), nsec: nsec % 1e9 };
  };
  const imu = Array.from({ length: 151 }, (_, i) => ({ ms: i * 20, topic: '/imu', type: 'sensor_msgs/Imu' as const, callerid: '/imu_driver' }));
  const chatter = Array.from({ length: 7 }, (_, i) => ({
    ms: i * 500,
    topic: '/chatter',
    type: 'std_msgs/String' as const,
    callerid: '/talker',
    text: `hello ${i}`,
  }));
  return [...imu, ...chatter].sort((a, b) => a.ms - b.ms).map(({ ms, ...message }) => ({ ...message, ...at(ms) }));
}
const nanosecondsOf = ({ sec, nsec }: { sec: number; nsec: number }) => BigInt(sec) * 1_000_000_000n + BigInt(nsec);

describe('uploading recordings from the raw-data list (spec §5)', () => {
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

  it.skipIf(!withRosbag)(
    'uploads a ROS1 .bag: its stages to the end, its bag listed with the recorded times and topics, and downloads byte for byte',
    async () => {
      const messages = plannedBag();
      const dir = mkdtempSync(path.join(tmpdir(), 'e2e-bag-'));
      const name = 'e2e-upload-ros1.bag';
      let buffer: Buffer;
      try {
        writeBag(path.join(dir, name), 'lz4', messages);
        buffer = readFileSync(path.join(dir, name));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }

      const { context, page } = await signedInPage(browser(), 'demo', 'rd');
      const drawer = await openDrawer(page, `${RAW_DATA}?filters[0][field]=bagName&filters[0][operator]=contains&filters[0][value]=${name}`);
      await choose(page, [{ name, buffer }]);
      await drawer.getByTestId('upload-chosen').getByText(name).waitFor();
      await drawer.getByRole('button', { name: /开始上传/ }).click();
      expect(await ended(drawer, name)).toEqual({ stage: 'completed', text: expect.any(String) });
      await expect.poll(() => drawer.locator('[data-testid=upload-file] .ant-steps-item-finish').count()).toBeGreaterThanOrEqual(4);

      await page.locator('.ant-drawer-close').click();
      const [start, end] = [await shown(page, nanosecondsOf(messages[0]!)), await shown(page, nanosecondsOf(messages.at(-1)!))];
      const row = page.getByRole('row', { name: new RegExp(name.replace('.', '\\.')) });
      await row.getByText(start).waitFor();
      await row.getByRole('link', { name: '查看' }).click();

      const topics = page.getByTestId('bag-topics');
      await topics.getByRole('row', { name: /\/imu\s+sensor_msgs\/Imu\s+ros1\s+151\s+50\.0/ }).waitFor();
      await topics.getByRole('row', { name: /\/chatter\s+std_msgs\/String\s+ros1\s+7\s+2\.0/ }).waitFor();
      expect(await topics.locator('.ant-table-tbody > tr.ant-table-row').count()).toBe(2);
      const times = topics.locator('.ant-descriptions-item-content');
      expect([await times.nth(0).innerText(), await times.nth(1).innerText()]).toEqual([start, end]);

      const { download, bytes } = await downloadThrough(page, page.getByTestId('bag-download'));
      expect(download.suggestedFilename()).toBe(name);
      expect(md5(bytes)).toEqual(md5(buffer));
      await context.close();
    },
  );
});

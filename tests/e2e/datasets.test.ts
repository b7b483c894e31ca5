import { readFileSync } from 'node:fs';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TempBuffer } from '@mcap/core';
import type { Page } from 'playwright-core';
import { extract } from 'tar-stream';
import { describe, expect, it } from 'vitest';
import { expectLeRobotRules } from '../server/lerobot/helpers/lerobot-rules';
import { readDataset } from '../server/lerobot/helpers/read-dataset';
import { writeRos2Mcap } from '../server/lerobot/helpers/ros2-mcap';
import { plannedCommands, plannedImages, plannedStates } from '../server/lerobot/helpers/synthetic-robot';
import { appUrl, signedInPage, useBrowser } from './helpers/browser';
import { uploadedBag } from './helpers/lake';
import { apiAs, detailValue, runTag } from './helpers/runs';

const browser = useBrowser();

/** A recording of the synthetic arm (ROS 2 CDR: joint states, commands, a JPEG camera), a little longer each time so no two are the same file. */
async function recording(spanMs: number): Promise<Uint8Array> {
  const buffer = new TempBuffer();
  await writeRos2Mcap(buffer, { states: plannedStates(spanMs), commands: plannedCommands(spanMs), images: plannedImages('jpeg', spanMs), imageFormat: 'jpeg' });
  return buffer.get();
}

/** The dialog whose title is `title`. */
const dialog = (page: Page, title: RegExp) => page.getByRole('dialog').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });

/** Spec §5's "type yes" with the count, then its OK. */
async function typeYes(page: Page, count: number) {
  const asking = page.getByRole('dialog').filter({ has: page.getByTestId('type-yes') });
  await asking
    .getByText(new RegExp(`${count}`))
    .first()
    .waitFor();
  await page.getByTestId('type-yes').fill('yes');
  await asking.getByRole('button', { name: /确\s*定/ }).click();
}

/** The raw-data list showing only these recordings, the rows of these names selected. */
async function selectBags(page: Page, prefix: string, names: string[]) {
  await page.goto(appUrl(`/data/lake/raw-data?filters[0][field]=bagName&filters[0][operator]=contains&filters[0][value]=${prefix}`));
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(3);
  for (const name of names)
    await rows
      .filter({ hasText: `${prefix}${name}` })
      .locator('.ant-checkbox-input')
      .check();
}

/** A dataset page's "Publish version": the suggested version (or the one typed), published. */
async function publish(page: Page, dataset: string, version?: string) {
  await page.goto(appUrl(`/data/lake/raw-data/dataset/${dataset}`));
  await page.getByTestId('dataset-publish').click();
  const asked = dialog(page, /发布数据集版本/);
  if (version) await asked.getByTestId('publish-version').fill(version);
  await asked.getByRole('button', { name: /发布版本/ }).click();
}

describe('a dataset, as a robot team makes one on its first day', () => {
  it('is curated from the raw-data list, published twice (a duplicate refused), compared, processed and exported to LeRobot v3', async () => {
    const tag = runTag();
    const prefix = `e2e-ds-${tag}-`;
    const robotType = `e2e-arm-${tag}`;
    for (const [index, name] of ['a', 'b', 'c'].entries()) await uploadedBag(`${prefix}${name}.mcap`, await recording(2000 + 100 * index), { robotType });
    const api = await apiAs('demo', 'rd');
    await api.call('POST', '/data/training-mapping/create', {
      robotType,
      mapping: JSON.stringify({
        fps: 30,
        state: { topic: '/joint_states', field: 'position' },
        action: { topic: '/joint_commands', field: 'position' },
        cameras: [{ name: 'front', topic: '/camera/image/compressed' }],
        task: 'pick up the cube',
      }),
    });
    await api.createTask(
      `e2e-process-${tag}`,
      'import json, os\nmanifest = json.load(open(os.environ["EDP_MANIFEST_FILE"]))\nprint("members", len(manifest["members"]))',
    );
    const { context, page } = await signedInPage(browser(), 'demo', 'rd');
    const dataset = `e2e-dataset-${tag}`;

    // Two recordings into a new raw dataset, behind "type yes".
    await selectBags(page, prefix, ['a.mcap', 'b.mcap']);
    await page.getByTestId('bulk-add-to-dataset').click();
    const adding = dialog(page, /加入数据集/);
    await adding.getByText('新建原始数据集').click();
    await adding.getByTestId('new-dataset-name').fill(dataset);
    await adding.getByRole('button', { name: /确\s*定/ }).click();
    await typeYes(page, 2);
    await page.locator('.ant-notification-notice').getByText('已加入 2 条，0 条已在数据集中').waitFor();

    // 1.0.0, then the same name again: refused with the spec's message.
    await publish(page, dataset);
    await page.waitForURL(/\/dataset-versions\/\d+$/);
    await expect.poll(() => detailValue(page, '版本号').innerText()).toBe('1.0.0');
    await expect.poll(() => detailValue(page, '成员数').innerText()).toBe('2');
    await publish(page, dataset, '1.0.0');
    await page
      .locator('.ant-notification-notice')
      .getByText(/数据集版本不允许重复/)
      .waitFor();

    // The third recording joins; 1.1.0 shows it added against its parent.
    await selectBags(page, prefix, ['c.mcap']);
    await page.getByTestId('bulk-add-to-dataset').click();
    await adding.getByTestId('dataset-select').click();
    await page.keyboard.type(dataset);
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: dataset }).click();
    await adding.getByRole('button', { name: /确\s*定/ }).click();
    await typeYes(page, 1);
    await page.locator('.ant-notification-notice').getByText('已加入 1 条，0 条已在数据集中').waitFor();
    await publish(page, dataset);
    await page.waitForURL(/\/dataset-versions\/\d+$/);
    await expect.poll(() => detailValue(page, '版本号').innerText()).toBe('1.1.0');
    await page.getByTestId('version-diff').getByText('新增 1').waitFor();
    await page.getByTestId('version-diff').getByText(`${prefix}c.mcap`).waitFor();
    const versionPage = page.url();

    // A processing run over the version: its record follows the run to success.
    await page.getByTestId('version-process').click();
    const processing = dialog(page, /数据处理/);
    await processing.getByTestId('work-task').click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: `e2e-process-${tag}` })
      .click();
    await processing.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL(/\/data-processing-records\/\d+$/);
    await expect.poll(() => detailValue(page, '状态').innerText(), { timeout: 60_000 }).toContain('成功');
    await expect.poll(() => detailValue(page, '数据量').innerText()).toBe('3');

    // Exported for training through the robot type's mapping; the archive downloads and reads back as LeRobot v3.
    await page.goto(versionPage);
    await page.getByTestId('version-export').click();
    await dialog(page, /导出训练数据/)
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.waitForURL(/\/training-data\/\d+$/);
    const trainingId = new URL(page.url()).pathname.split('/').pop()!;
    const settled = async () => (await api.call('GET', `/data/training-data/get?id=${trainingId}`)) as { status: string; failure: string };
    await expect.poll(async () => (await settled()).status, { timeout: 60_000, interval: 500 }).toMatch(/success|failed/);
    expect(await settled(), 'the export succeeded').toMatchObject({ status: 'success' });
    await page.reload();
    const download = page.getByTestId('training-download');
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/\.tar$/);
    const dir = await mkdtemp(join(tmpdir(), 'edp-e2e-lerobot-'));
    try {
      await untar(readFileSync((await file.path())!), dir);
      const exported = await readDataset(dir);
      expectLeRobotRules(exported);
      expect(exported.info).toMatchObject({ codebase_version: 'v3.0', robot_type: robotType, total_episodes: 3, fps: 30 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }

    // Every count on the dataset page is the database's.
    await page.goto(appUrl(`/data/lake/raw-data/dataset/${dataset}`));
    await expect.poll(() => detailValue(page, '原始数据数').innerText()).toBe('3');
    await expect.poll(() => detailValue(page, '训练集数').innerText()).toBe('1');
    await context.close();
  }, 180_000);
});

/** A .tar's files written under `dir`. */
async function untar(bytes: Buffer, dir: string) {
  const unpack = extract();
  const done = new Promise<void>((resolve, reject) => {
    unpack.on('finish', resolve);
    unpack.on('error', reject);
  });
  unpack.on('entry', (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk) => void chunks.push(chunk as Buffer));
    stream.on('end', () => {
      const target = join(dir, header.name);
      void mkdir(join(target, '..'), { recursive: true })
        .then(() => writeFile(target, Buffer.concat(chunks)))
        .then(() => next(), next);
    });
  });
  unpack.end(bytes);
  await done;
}

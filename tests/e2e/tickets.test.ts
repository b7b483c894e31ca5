import { readFileSync } from 'node:fs';
import { TempBuffer } from '@mcap/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { writeRos2Mcap } from '../server/lerobot/helpers/ros2-mcap';
import { plannedCommands, plannedImages, plannedStates } from '../server/lerobot/helpers/synthetic-robot';
import { appUrl, createAccount, signedInPage, useBrowser } from './helpers/browser';
import { uploadedBag } from './helpers/lake';
import { apiAs, runTag } from './helpers/runs';

const browser = useBrowser();
const PASSWORD = 'Annotator-2026!';

async function recording(spanMs: number): Promise<Uint8Array> {
  const buffer = new TempBuffer();
  await writeRos2Mcap(buffer, { states: plannedStates(spanMs), commands: plannedCommands(spanMs), images: plannedImages('jpeg', spanMs), imageFormat: 'jpeg' });
  return buffer.get();
}

const OPEN_DROPDOWN = '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option';
/** Opens a select (its test id) and picks the option showing `text`. */
async function pick(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).click();
  await page.locator(OPEN_DROPDOWN).filter({ hasText: text }).first().click();
}
/** The jobs table's row of a job given to `who`. */
const jobRow = (page: Page, who: string) => page.getByTestId('ticket-jobs').locator('tr.ant-table-row').filter({ hasText: who });
/** A popconfirm's OK. */
const confirm = (page: Page) => page.locator('.ant-popover:not(.ant-popover-hidden) .ant-btn-primary').click();

/** An annotator marks a range of their job's recording with the scene label, calls the recording qualified, and submits. */
async function annotateAndSubmit(page: Page, ticketId: number, label: string, range: [number, number]) {
  await page.goto(appUrl(`/data/lake/rawDetail/${ticketId}`));
  await page.getByTestId('recording-timeline').waitFor();
  await page.getByTestId('range-start').fill(String(range[0]));
  await page.getByTestId('range-end').fill(String(range[1]));
  await pick(page, 'range-label', label);
  await page.getByTestId('range-save').click();
  await expect.poll(() => page.getByTestId('annotation-table').locator('tr.ant-table-row').count()).toBeGreaterThan(0);
  await page.getByTestId('verdict-qualified').click();
  await expect.poll(() => page.getByTestId('verdict-qualified').getAttribute('aria-pressed')).toBe('true');
  await page.getByTestId('job-submit').click();
  await confirm(page);
  await page.getByTestId('job-read-only').waitFor();
}

describe('labelling work, as a manager and two annotators do it', () => {
  it('a ticket from a version, handed out round robin, annotated, one sent back and fixed, accepted, closed and measured', async () => {
    const tag = runTag();
    const [ann, bob] = [`ann${tag}`, `bob${tag}`];
    for (const code of [ann, bob]) await createAccount('tele_operator', code, code, PASSWORD, { oneTime: false });
    const admin = await apiAs('demo', 'admin');
    const scene = `e2e-scene-${tag}`;
    const reason = `e2e-rework-${tag}`;
    await admin.call('POST', '/console/label/create', { name: scene, labelType: 'scene' });
    await admin.call('POST', '/console/label/create', { name: reason, labelType: 'rework' });
    const rd = await apiAs('demo', 'rd');
    const dataset = await rd.call<{ id: number }>('POST', '/data/dataset/create', { name: `e2e-labelling-${tag}`, owner: 'rd', datasetType: 'raw' });
    for (const [index, name] of ['a', 'b'].entries()) {
      const bagId = await uploadedBag(`e2e-tk-${tag}-${name}.mcap`, await recording(3000 + 137 * index));
      await rd.call('POST', '/data/dataset-item/create', { datasetId: dataset.id, bagId });
    }
    const version = await rd.call<{ id: number }>('POST', '/data/dataset-version/create', { datasetId: dataset.id, version: '1.0.0' });
    const team = `e2e-team-${tag}`;
    await rd.call('POST', '/data/ticket-team/create', { name: team, managers: ['rd'], members: [ann, bob] });

    // The manager makes the ticket from the version's page: one recording a job, round robin.
    const manager = await signedInPage(browser(), 'demo', 'rd');
    await manager.page.goto(appUrl(`/data/lake/dataset-versions/${version.id}`));
    await manager.page.getByTestId('version-ticket').click();
    await manager.page.getByTestId('ticket-batch').fill('B1');
    await pick(manager.page, 'ticket-team', team);
    await manager.page.getByTestId('ticket-job-size').fill('1');
    await manager.page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await manager.page.waitForURL(/\/data\/ticket\/overview\/\d+$/);
    const ticketId = Number(new URL(manager.page.url()).pathname.split('/').pop());
    await expect.poll(() => jobRow(manager.page, ann).count()).toBe(1);
    await expect.poll(() => jobRow(manager.page, bob).count()).toBe(1);

    // Each annotator marks a range on their recording's timeline and submits.
    const annotators = new Map<string, Page>();
    for (const [code, range] of [
      [ann, [0.2, 0.8]],
      [bob, [0.5, 1.5]],
    ] as const) {
      const { page } = await signedInPage(browser(), 'demo', code, PASSWORD);
      annotators.set(code, page);
      await annotateAndSubmit(page, ticketId, scene, [...range]);
    }

    // The manager sends ann's back with a reason; ann sees it, fixes the range and submits again.
    await manager.page.reload();
    await jobRow(manager.page, ann).getByTestId('job-reject').click();
    await pick(manager.page, 'reject-reason', reason);
    await manager.page.getByTestId('reject-comment').fill('start at the grasp');
    await manager.page
      .getByRole('dialog')
      .getByRole('button', { name: /驳\s*回/ })
      .click();
    await expect.poll(() => jobRow(manager.page, ann).innerText()).toContain('已驳回');
    const annPage = annotators.get(ann)!;
    await annPage.goto(appUrl(`/data/lake/rawDetail/${ticketId}`));
    await annPage.getByTestId('job-rejected').getByText(reason).waitFor();
    await annotateAndSubmit(annPage, ticketId, scene, [0.3, 0.9]);

    // Accepted, both; then marked done with nothing open.
    await manager.page.reload();
    for (const code of [ann, bob]) {
      await jobRow(manager.page, code).getByTestId('job-accept').click();
      await confirm(manager.page);
      await expect.poll(() => jobRow(manager.page, code).innerText()).toContain('已完成');
    }
    await manager.page.getByTestId('mark-done').click();
    await manager.page.getByTestId('mark-done-counts').getByText('已验收 2 / 2 个任务').waitFor();
    await manager.page.locator('#mark-done-confirm').click();
    const ticket = async () => rd.call<{ status: string; acceptedItems: number }>('GET', `/data/ticket/get?id=${ticketId}`);
    await expect.poll(async () => (await ticket()).status).toBe('done');

    // The statistic tab shows what the server counted from the moves; the CSV carries the same.
    const stats = await rd.call<{ members: { member: string; jobsDone: number; rejections: number; rework: number; itemsDone: number }[] }>(
      'GET',
      `/data/ticket/${ticketId}/statistics`,
    );
    expect(stats.members.map((row) => [row.member, row.jobsDone, row.itemsDone, row.rejections, row.rework])).toEqual([
      [ann, 1, 1, 1, 1],
      [bob, 1, 1, 0, 0],
    ]);
    await manager.page.getByRole('tab', { name: '统计' }).click();
    const table = manager.page.getByTestId('statistics-table');
    await table.waitFor();
    await expect.poll(() => table.locator('tr').filter({ hasText: ann }).innerText()).toMatch(/0\.0%/);
    await expect.poll(() => table.locator('tr').filter({ hasText: bob }).innerText()).toMatch(/100\.0%/);
    const [download] = await Promise.all([manager.page.waitForEvent('download'), manager.page.getByTestId('statistics-export').click()]);
    const csv = readFileSync((await download.path())!, 'utf8')
      .replace('\uFEFF', '')
      .trim()
      .split('\n');
    expect(csv[0]).toContain('一次通过率');
    expect(csv.find((line) => line.startsWith(`${ann},`))).toMatch(new RegExp(`^${ann},1,1,1,1,1,0\\.0000,1,\\d+,`));
    expect(csv.find((line) => line.startsWith(`${bob},`))).toMatch(new RegExp(`^${bob},1,1,1,1,0,1\\.0000,0,\\d+,`));

    // The bags carry the accepted labels.
    const items = await rd.records(`/data/ticket-item/query?ticketId=${ticketId}`);
    for (const item of items) {
      const bag = await rd.call<{ labelList: string[]; qualityLabel: string }>('GET', `/data/bag/get?id=${String(item.bagId)}`);
      expect(bag).toMatchObject({ qualityLabel: 'qualified', labelList: expect.arrayContaining([scene]) });
    }
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { entityListEntry, recordPath } from '../../model/resources/index';
import { appUrl, signedInPage, useBrowser } from './helpers/browser';
import { apiAs, cellOf, confirmPopup, detailValue, runTag } from './helpers/runs';

/**
 * In the browser: two models evaluated on the same structured dataset by the space's evaluation task
 * (its run reports each item with its token); the overview shows each per robot with its interval,
 * against a pinned baseline, and the two compared item by item.
 */
const browser = useBrowser();
const apiOf = (entity: string) => entityListEntry(entity)!.api;
const rowOf = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text });
const notice = (page: Page, text: string) => page.locator('.ant-notification-notice').getByText(text).first().waitFor();
/** A file as the browser picks it. */
const file = (name: string, text: string) => ({ name, mimeType: 'application/octet-stream', buffer: Buffer.from(text) });

describe('evaluating models', () => {
  it('runs two evaluations from their list, and reads how they did in the overview, against a baseline and item by item', async () => {
    const client = await apiAs();
    const tag = runTag();
    const [dataset] = await client.records(`${apiOf('structured-dataset')}/query?name=cloth-folding-eval-lerobot`);
    const items = await client.records(`${apiOf('structured-data')}/query?structuredDatasetId=${dataset!.id}&pageSize=100`);
    const cards = await client.records(`${apiOf('model-card')}/query?pageSize=2`);
    const names = cards.map((_card, i) => `e2e-eval-${i}-${tag}`);
    // No filter: every item of the dataset, counted by the server.
    for (const [i, card] of cards.entries())
      await client.call('POST', `${apiOf('evaluation-record')}/create`, {
        name: names[i],
        modelCardId: card.id,
        structuredDatasetId: dataset!.id,
        dataFilter: '{}',
      });

    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    await page.goto(appUrl('/evaluation/structured/records'));
    for (const name of names) {
      const row = rowOf(page, name);
      await row.getByRole('button', { name: /^开始评测|^启\s*动/ }).click();
      await confirmPopup(page);
    }
    for (const name of names) {
      const status = await cellOf(page, rowOf(page, name), '状态');
      await expect.poll(() => status.innerText(), { timeout: 60_000 }).toBe('成功');
    }

    await page.getByTestId('evaluation-overview-button').click();
    const table = page.getByTestId('overview-table');
    await table.locator('.ant-table-row').first().waitFor();
    // Each evaluated model, per robot, with its rate and interval.
    const rates = await table.getByTestId('overview-rate').allInnerTexts();
    expect(rates.length).toBeGreaterThanOrEqual(2);
    for (const rate of rates) expect(rate).toMatch(/^\d+% \(\d+–\d+%\)$/);

    // Pinned as the baseline, the first card: the other model's rows say how far from it they are.
    await page.getByTestId('overview-baseline').click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: String(cards[0]!.name) })
      .first()
      .click();
    await table.getByTestId('overview-baseline-difference').first().waitFor();
    expect(await table.getByTestId('overview-baseline-difference').first().innerText()).toMatch(/^[+−]?\d+ \([+−]?\d+ – [+−]?\d+\)$/);

    // The two evaluations picked and compared on the same items.
    for (const name of cards.map((card) => String(card.name)))
      await table
        .locator('.ant-table-row')
        .filter({ hasText: name })
        .filter({ hasText: String(dataset!.name) })
        .first()
        .locator('.ant-checkbox-input')
        .check();
    await page.getByTestId('overview-compare').click();
    await expect.poll(() => page.getByTestId('overview-verdict').innerText()).toMatch(new RegExp(`共 ${items.length} 条数据`));

    // A row opens the items behind it.
    await table.locator('.ant-table-row-expand-icon').first().click();
    await page.getByTestId('overview-items').locator('.ant-table-row').first().waitFor();
    await context.close();
  });

  it('uploads a structured data record’s files on its page (none empty, a replacement under its first name), publishes a version, and evaluates the items a filter picks', async () => {
    const client = await apiAs();
    const tag = runTag();
    const robot = (side: string) => `E2E-${tag}-${side}`.toUpperCase();
    const set = await client.call<{ id: number; name: string }>('POST', `${apiOf('structured-dataset')}/create`, {
      name: `e2e-structured-${tag}`,
      structureType: 'lerobot',
    });
    const bags = await client.records('/data/bag/query?pageSize=2');
    const data = [];
    for (const [i, side] of ['A', 'B'].entries())
      data.push(
        await client.call<{ id: number }>('POST', `${apiOf('structured-data')}/create`, {
          bagId: bags[i]!.id,
          structuredDatasetId: set.id,
          structureType: 'lerobot',
          version: `e2e-${tag}`,
          robotSn: robot(side),
        }),
      );

    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    await page.goto(appUrl(recordPath(entityListEntry('structured-data')!, 'show', data[0]!.id)!));
    const card = page.getByTestId('structured-files');
    const pick = (testId: string, picked: ReturnType<typeof file>) =>
      card.getByTestId(testId).locator('xpath=ancestor::*[contains(@class,"ant-upload")][1]//input[@type="file"]').setInputFiles(picked);
    // Spec §5: an empty file is refused, in its words, and nothing is listed.
    await pick('structured-file-add', file('episode_000000.parquet', ''));
    await notice(page, '结构化数据文件不能为 0 字节');
    expect(await card.getByTestId('structured-file').count()).toBe(0);
    await pick('structured-file-add', file('episode_000000.parquet', 'first episode bytes'));
    await notice(page, '已上传 episode_000000.parquet');
    const listed = card.getByTestId('structured-file');
    await expect.poll(() => listed.count()).toBe(1);
    const firstSha = await listed.getByTestId('structured-file-sha256').innerText();
    // A replacement under another name is refused; under its first name it is taken, with new bytes.
    await pick('structured-file-replace', file('episode_000001.parquet', 'another episode'));
    await notice(page, '结构化数据文件名称须与首次上传的文件一致：episode_000000.parquet');
    await pick('structured-file-replace', file('episode_000000.parquet', 'second episode bytes, longer'));
    await expect.poll(() => listed.getByTestId('structured-file-sha256').innerText()).not.toBe(firstSha);
    expect(await listed.count()).toBe(1);
    expect(await listed.locator('strong').innerText()).toBe('episode_000000.parquet');

    // Published from the dataset's page: the version's page lists the data it froze.
    await page.goto(appUrl(`/evaluation/structured/dataset/${set.name}`));
    await page.getByTestId('structured-dataset-publish').click();
    const asked = page.getByRole('dialog').filter({ has: page.locator('.ant-modal-title', { hasText: '发布结构化数据集版本' }) });
    await expect.poll(() => asked.getByTestId('publish-version').inputValue()).toBe('1.0.0');
    await asked.getByRole('button', { name: /发布版本/ }).click();
    await page.waitForURL(/\/evaluation\/structured\/dataset-versions\/\d+$/);
    const members = page.locator('section').filter({ has: page.getByRole('link', { name: '版本数据', exact: true }) });
    await expect.poll(() => members.locator('.ant-table-row').count(), { timeout: 15_000 }).toBe(2);

    // The evaluation's items by a filter: the form counts them as it is edited.
    await page.goto(appUrl('/evaluation/structured/records'));
    await page.getByRole('button', { name: /新\s*建/ }).click();
    const name = `e2e-filtered-${tag}`;
    await page.locator('#field-name').fill(name);
    await page.locator('.ant-select:has(#field-modelCardId)').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first().click();
    await page.locator('.ant-select:has(#field-structuredDatasetId)').click();
    await page.locator('#field-structuredDatasetId').fill(set.name);
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: set.name }).click();
    const count = page.getByTestId('list-filter-count');
    await expect.poll(() => count.innerText(), { timeout: 15_000 }).toBe('筛选出 2 条');
    // Of the dataset's versions (the one just published alone is offered), its frozen data.
    await page.locator('.ant-select:has(#field-structuredDatasetVersionId)').click();
    const offered = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
    await offered.first().waitFor();
    expect(await offered.allInnerTexts()).toEqual(['1.0.0']);
    await offered.first().click();
    await expect.poll(() => count.innerText(), { timeout: 15_000 }).toBe('筛选出 2 条');
    await page.locator('#filter-robotSn').fill(robot('A'));
    await expect.poll(() => count.innerText(), { timeout: 15_000 }).toBe('筛选出 1 条');
    await page.locator('#filter-robotSn').fill('NOBODY');
    await expect.poll(() => count.innerText(), { timeout: 15_000 }).toBe('筛选出 0 条，须筛选出 1 到 2000 条');
    await page.locator('#filter-robotSn').fill(robot('B'));
    await expect.poll(() => count.innerText(), { timeout: 15_000 }).toBe('筛选出 1 条');
    await page
      .locator('.edp-entity-form')
      .getByRole('button', { name: /新\s*建/ })
      .click();
    await page.getByTestId('record-details').waitFor();
    expect(await detailValue(page, '筛选数据量').innerText()).toBe('1');

    // Run, it tries exactly the picked item.
    await page.goto(appUrl('/evaluation/structured/records'));
    await rowOf(page, name)
      .getByRole('button', { name: /^开始评测|^启\s*动/ })
      .click();
    await confirmPopup(page);
    const status = await cellOf(page, rowOf(page, name), '状态');
    await expect.poll(() => status.innerText(), { timeout: 60_000 }).toBe('成功');
    const [record] = await client.records(`${apiOf('evaluation-record')}/query?name=${name}`);
    const results = await client.call<{ items: { itemId: number }[] }>('GET', `${apiOf('evaluation-record')}/${record!.id}/results`);
    expect(results.items.map((item) => item.itemId)).toEqual([data[1]!.id]);
    await context.close();
  });
});

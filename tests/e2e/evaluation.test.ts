import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { entityListEntry } from '../../model/resources/index';
import { appUrl, signedInPage, useBrowser } from './helpers/browser';
import { apiAs, cellOf, confirmPopup, runTag } from './helpers/runs';

/**
 * In the browser: two models evaluated on the same structured dataset by the space's evaluation task
 * (its run reports each item with its token); the overview shows each per robot with its interval,
 * against a pinned baseline, and the two compared item by item.
 */
const browser = useBrowser();
const apiOf = (entity: string) => entityListEntry(entity)!.api;
const rowOf = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text });

describe('evaluating models', () => {
  it('runs two evaluations from their list, and reads how they did in the overview, against a baseline and item by item', async () => {
    const client = await apiAs();
    const tag = runTag();
    const [dataset] = await client.records(`${apiOf('structured-dataset')}/query?name=`);
    const items = await client.records(`${apiOf('structured-data')}/query?structuredDatasetId=${dataset!.id}&pageSize=100`);
    const cards = await client.records(`${apiOf('model-card')}/query?pageSize=2`);
    const names = cards.map((_card, i) => `e2e-eval-${i}-${tag}`);
    for (const [i, card] of cards.entries())
      await client.call('POST', `${apiOf('evaluation-record')}/create`, {
        name: names[i],
        modelCardId: card.id,
        structuredDatasetId: dataset!.id,
        filteredDataCount: items.length,
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
});

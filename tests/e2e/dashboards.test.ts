import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl, documentsAskedFor, pathOf, routeInPlace, signedInPage, useBrowser } from './helpers/browser';

/** The library's code, in whichever chunk it is: its charts mark their containers with this attribute. */
const CHART_CODE = 'data-chart-source-type';

/** The bodies of the scripts a page fetches, from now on. */
function scriptsOf(page: Page) {
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.text().catch(() => ''));
  });
  return () => Promise.all(bodies);
}

/**
 * The dashboards' charts, drawn by @ant-design/charts in the browser: their code comes only to the
 * pages that chart and after those pages' figures, the library's tooltip and legend show, and a
 * click on a bar opens the records behind it (the library's element:click event).
 */
const browser = useBrowser();

/** Whether each chart box on the page holds a canvas the library has drawn into (a pixel not transparent). */
const chartsDrawn = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.edp-chart-canvas')].map((box) => {
      const canvas = box.querySelector('canvas');
      if (!canvas?.width || !canvas.height) return false;
      const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      return pixels.some((value, index) => index % 4 === 3 && value > 0);
    }),
  );

/** Points the mouse over the chart, row by row from near its foot, until the library shows the pointer over a linked element; returns that point. */
async function findLinkedElement(page: Page, chart: Locator) {
  await chart.scrollIntoViewIfNeeded(); // the mouse reaches only what is in the viewport
  const box = (await chart.locator('canvas').boundingBox())!;
  for (let y = box.y + box.height * 0.8; y > box.y + box.height * 0.2; y -= 12)
    for (let x = box.x + 50; x < box.x + box.width - 10; x += 8) {
      await page.mouse.move(x, y);
      if ((await chart.locator('canvas').evaluate((canvas) => getComputedStyle(canvas).cursor)) === 'pointer') return { x, y };
    }
  throw new Error('no linked element under the pointer anywhere on the chart');
}

describe('dashboard charts', () => {
  it('come after the figures, show the library’s tooltip, and a click on a day opens its bags', async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    const scripts = scriptsOf(page);
    await page.goto(appUrl('/data/dashboard/rawData'));
    await page.getByTestId('raw-data-stats').waitFor();
    await expect.poll(() => chartsDrawn(page), { timeout: 20_000 }).toEqual([true, true, true, true]);
    expect((await scripts()).filter((body) => body.includes(CHART_CODE))).toHaveLength(1);

    const daily = page.getByTestId('daily-chart');
    expect(await daily.getByRole('img').getAttribute('aria-label')).toBe('每日数据');
    const point = await findLinkedElement(page, daily);
    // the library's tooltip: the day, then its figures
    const tooltip = daily.locator('.g2-tooltip');
    await expect.poll(() => tooltip.innerText().catch(() => ''), { timeout: 5000 }).toMatch(/^\d{4}-\d{2}-\d{2}[\s\S]*数据包数/);
    await page.mouse.click(point.x, point.y);
    await page.waitForURL(/\/data\/lake\/raw-data\?/);
    expect(pathOf(page)).toBe('/data/lake/raw-data');
    expect(decodeURIComponent(page.url())).toContain('filters[0][field]=bagStartTime');
    await page.locator('.ant-table-row').first().waitFor();
    await context.close();
  });

  it('draw a slice per status; a slice opens the bags of its status', async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    await page.goto(appUrl('/data/dashboard/rawData'));
    const status = page.getByTestId('by-status');
    await expect.poll(() => chartsDrawn(page), { timeout: 20_000 }).toEqual([true, true, true, true]);
    const point = await findLinkedElement(page, status);
    await page.mouse.click(point.x, point.y);
    await page.waitForURL(/\/data\/lake\/raw-data\?/);
    expect(decodeURIComponent(page.url())).toMatch(/filters\[2\]\[field\]=bagStatus&filters\[2\]\[operator\]=in&filters\[2\]\[value\]\[0\]=(good|bad)/);
    await context.close();
  });

  it('are drawn on a page opened after the code editor put its module loader on the page', async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    const documents = documentsAskedFor(page);
    await page.goto(appUrl('/taskFlow/ops/task/create'));
    await page.locator('.monaco-editor').first().waitFor();
    // The editor's files are loaded by an AMD loader, which stays on the page as a global `define`.
    expect(await page.evaluate(() => typeof (window as { define?: { amd?: unknown } }).define?.amd)).toBe('object');
    documents.length = 0;
    await routeInPlace(page, '/data/dashboard/rawData');
    await expect.poll(() => chartsDrawn(page), { timeout: 20_000 }).toEqual([true, true, true, true]);
    expect(documents, 'the page was loaded again').toEqual([]);
    await context.close();
  });

  it('are never loaded by a list route', async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    const scripts = scriptsOf(page);
    await page.goto(appUrl('/data/lake/raw-data'));
    await page.locator('.ant-table-row').first().waitFor();
    await page.getByRole('button', { name: /上\s*传/ }).waitFor(); // its toolbar's own code is in too
    await page.waitForLoadState('networkidle');
    const bodies = await scripts();
    expect(bodies.length).toBeGreaterThan(0);
    expect(bodies.filter((body) => body.includes(CHART_CODE))).toEqual([]);
    await context.close();
  });
});

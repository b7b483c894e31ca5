import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiSignIn, appUrl, baseUrl, signedInPage, useBrowser } from './helpers/browser';
import { filterList } from './helpers/forms';

/**
 * What every generated list does (spec §3), shown on the raw-data and label lists: filters in
 * the URL, sort, column settings, CSV export, bulk actions behind "type yes", refresh granularity.
 */
const browser = useBrowser();
const RAW_DATA = '/data/lake/raw-data';
const rows = '.ant-table-row';

/** Creates records over the API as the demo administrator. */
async function createLabels(names: string[]) {
  const { sessionKey } = await apiSignIn('demo', 'admin');
  for (const name of names) {
    const response = await fetch(`${baseUrl()}/api/v1/console/label/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${sessionKey}` },
      body: JSON.stringify({ name, labelType: 'scene', description: 'e2e' }),
    });
    expect(response.status).toBe(200);
  }
}

describe('a generated list', () => {
  it('keeps its filters in the URL: they survive a reload and the back button', async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'rd');
    await page.goto(appUrl(RAW_DATA));
    await page.locator(rows).first().waitFor();
    await page.getByRole('search').getByText('更多筛选').click();
    await filterList(page, 'robotType', 'UR5e');
    await page.waitForURL(/robotType/);
    await expect.poll(async () => (await page.locator(rows).allInnerTexts()).every((text) => text.includes('UR5e')), { timeout: 10_000 }).toBe(true);

    await page.reload();
    await page.locator(rows).first().waitFor();
    await expect(page.locator('#filter-robotType').inputValue()).resolves.toBe('UR5e');
    expect((await page.locator(rows).allInnerTexts()).every((text) => text.includes('UR5e'))).toBe(true);

    // Away to a record and back: the list returns with its filters (filter changes replace the URL, they do not pile up history).
    await page.locator(rows).first().getByRole('button', { name: '查看' }).click();
    await page.getByTestId('record-details').waitFor();
    await page.goBack();
    await page.waitForURL(/robotType/);
    await expect(page.locator('#filter-robotType').inputValue()).resolves.toBe('UR5e');
    await expect.poll(async () => (await page.locator(rows).allInnerTexts()).every((text) => text.includes('UR5e')), { timeout: 10_000 }).toBe(true);
    await context.close();
  });

  it('sorts by a sortable column, asking the server; the header says what a click does next', async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'rd');
    await page.goto(appUrl(RAW_DATA));
    await page.locator(rows).first().waitFor();
    const header = page.getByRole('columnheader', { name: '数据大小' });
    await expect(header.getAttribute('title')).resolves.toBe('点击升序');
    const asked = page.waitForRequest((request) => request.url().includes('/data/bag/query') && decodeURIComponent(request.url()).includes('sort=bagSize,asc'));
    await header.click();
    await asked;
    await page.waitForURL(/bagSize/);
    await expect.poll(() => page.locator('th[aria-sort="ascending"]').getAttribute('title')).toBe('点击降序');
    await context.close();
  });

  it('turns a page with one request, the sort left as it was', async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'rd');
    await page.goto(appUrl(RAW_DATA));
    await page.locator(rows).first().waitFor();
    await page.waitForLoadState('networkidle');
    const asked: string[] = [];
    page.on('request', (request) => request.url().includes('/data/bag/query') && asked.push(decodeURIComponent(new URL(request.url()).search)));
    await page.locator('.ant-pagination-next').click();
    await page.waitForURL(/currentPage=2/);
    await page.locator('.ant-pagination-item-active').getByText('2').waitFor();
    await page.waitForLoadState('networkidle');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/^\?pageSize=20&pageNum=2(&cursor=[\w-]+)?$/); // the server's cursor for the next page, no sort
    expect(new URL(page.url()).search).toBe('?pageSize=20&currentPage=2');
    await context.close();
  });

  it('scrolls sideways in its own box, each row’s actions kept at its right edge, its columns never measured', async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'rd');
    await page.setViewportSize({ width: 1000, height: 800 });
    await page.goto(appUrl(RAW_DATA));
    await page.locator(rows).first().waitFor();
    const box = page.locator('.ant-table-content');
    const rightEdges = () =>
      box.evaluate((element) => ({
        box: Math.round(element.getBoundingClientRect().right),
        actions: [...element.querySelectorAll('tr > .edp-sticky-end')].map((cell) => Math.round(cell.getBoundingClientRect().right)),
      }));
    const wide = await box.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(wide).toBeGreaterThan(200);
    for (const scrollLeft of [0, wide >> 1, wide]) {
      await box.evaluate((element, left) => (element.scrollLeft = left), scrollLeft);
      const edges = await rightEdges();
      expect(edges.actions).toHaveLength(21); // the header and 20 rows
      expect(new Set(edges.actions)).toEqual(new Set([edges.box]));
    }
    // rc-table's column-measuring row, which drew every cell again once the widths were known, is not there.
    await expect(page.locator('.ant-table-measure-row').count()).resolves.toBe(0);
    await context.close();
  });

  it('remembers the columns a user hides', async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'rd');
    await page.goto(appUrl(RAW_DATA));
    await page.locator(rows).first().waitFor();
    const header = page.getByRole('columnheader', { name: '机器人型号' });
    await expect(header.count()).resolves.toBe(1);
    await page.getByTestId('column-settings').click();
    await page.locator('.ant-popover').getByLabel('机器人型号').uncheck();
    await expect.poll(() => header.count()).toBe(0);

    await page.reload();
    await page.locator(rows).first().waitFor();
    await expect(header.count()).resolves.toBe(0);
    await context.close();
  });

  it('exports the records of the current filter as CSV, headers in the user language', async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'rd');
    await page.goto(appUrl(`${RAW_DATA}?filters[0][field]=robotType&filters[0][operator]=eq&filters[0][value]=UR5e`));
    await page.locator(rows).first().waitFor();
    const total = Number((await page.locator('.ant-pagination-total-text').innerText()).replace(/\D/g, ''));
    const download = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    const file = await (await download).path();
    const [header, ...lines] = readFileSync(file, 'utf8').replace('\uFEFF', '').trim().split('\n');
    expect(header).toContain('数据名称');
    expect(lines).toHaveLength(total);
    expect(lines.every((line) => line.includes('UR5e'))).toBe(true);
    await context.close();
  });

  it('acts on a selection only after the user types yes, saying how many records it touches', async () => {
    const run = Date.now() % 100_000;
    await createLabels([`bulk-${run}-a`, `bulk-${run}-b`]);
    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    await page.goto(appUrl('/console/space/label'));
    await filterList(page, 'name', `bulk-${run}`);
    await expect.poll(() => page.locator(rows).count()).toBe(2);
    await page.locator('thead .ant-checkbox-input').check();
    await page
      .getByTestId('bulk-bar')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    const dialog = page.locator('.ant-modal');
    await expect(dialog.innerText()).resolves.toContain('将对选中的 2 条记录执行“删除”');
    const ok = dialog.getByRole('button', { name: /确\s*定/ });
    await expect(ok.isDisabled()).resolves.toBe(true);
    await page.getByTestId('type-yes').fill('yes');
    await ok.click();
    await expect.poll(() => page.locator(rows).count()).toBe(0);
    await context.close();
  });

  it('shows as many rows as chosen in the page-size menu under the table', async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'rd');
    await page.goto(appUrl(RAW_DATA));
    await page.locator(rows).first().waitFor();
    await page.locator('.ant-pagination-options-size-changer').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title^="50"]').click();
    await page.waitForURL(/pageSize=50/);
    await expect.poll(() => page.locator(rows).count()).toBe(50);
    await expect(page.locator('.ant-pagination-options-size-changer .ant-select-selection-item').innerText()).resolves.toBe('50 条/页');
    await context.close();
  });

  it('refreshes by itself at the chosen granularity', async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'rd');
    await page.goto(appUrl('/console/space/label'));
    await page.locator(rows).first().waitFor();
    await page.getByTestId('refresh-select').click();
    const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
    await expect(options.allInnerTexts()).resolves.toEqual(['手动刷新', '每 10 秒', '每 1 分钟', '每 5 分钟']);
    await options.filter({ hasText: '每 10 秒' }).click();
    const started = Date.now();
    await page.waitForRequest((request) => request.url().includes('/console/label/query'), { timeout: 15_000 });
    expect(Date.now() - started).toBeGreaterThan(8_000); // the interval's refetch, not an immediate one
    await context.close();
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl, baseUrl, openUserMenu, pathOf, signedInPage, useBrowser } from './helpers/browser';

const browser = useBrowser();
const tabs = (page: Page) => page.getByTestId('page-tab').allInnerTexts();
/** A page has rendered: its panel, or the notice of a page a later release brings. */
const shown = (page: Page) => page.locator('[data-testid="not-yet-available"], .edp-panel').first().waitFor();
/** Shown, and a list has written its paging into the URL (it would otherwise do so after the test moved on). */
const settled = async (page: Page) => {
  await shown(page);
  if (await page.locator('.ant-table').count()) await page.waitForURL(/currentPage=/);
};

describe('routes (spec §2)', () => {
  it('sends a forbidden page to /403 and an unknown one to /404', async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'rd');
    await page.goto(appUrl('/console/system/tenant'));
    await page.waitForURL(/\/app\/403$/);
    await page.getByText('抱歉，您无权访问此页面。').waitFor();
    await page.goto(appUrl('/no/such/page'));
    await page.waitForURL(/\/app\/404$/);
    await page.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL(/\/data\/dashboard\/rawData$/);
    await context.close();
  });

  it('serves deep links and reloads on every route, with the detail page lighting up its menu item', async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    await page.goto(appUrl('/data/lake/raw-data/dataset/cloth-folding-2026q3'));
    await page.getByTestId('record-details').getByText('cloth-folding-2026q3').first().waitFor();
    expect(await page.getByTestId('side-menu').locator('.ant-menu-item-selected').innerText()).toBe('原始数据');
    await page.reload();
    await page.getByTestId('record-details').waitFor();
    expect(pathOf(page)).toBe('/data/lake/raw-data/dataset/cloth-folding-2026q3');
    expect(await tabs(page)).toContain('数据集 · 详情 · cloth-folding-2026q3');
    // An unknown tab key goes to the first tab; a known one is its own tab.
    await page.goto(appUrl('/data/lake/raw-data/no-such-tab'));
    await page.waitForURL((url) => url.pathname === '/app/data/lake/raw-data');
    await page.getByRole('tab', { name: '采集数据集' }).click();
    await page.waitForURL((url) => url.pathname === '/app/data/lake/raw-data/dc-dataset');
    await context.close();
  });

  it('redirects a section index to its first page, and nobody signed in to /login', async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    await page.goto(appUrl('/device'));
    await page.waitForURL(/\/device\/robot\/overview$/);
    await page.goto(appUrl('/taskFlow/ops'));
    await page.waitForURL(/\/taskFlow\/dev\/task$/);
    await context.close();
    const anonymous = await browser().newPage();
    await anonymous.goto(appUrl('/console/space/account'));
    await anonymous.waitForURL(/\/app\/login\?to=%2Fconsole%2Fspace%2Faccount$/);
    await anonymous.close();
  });

  it("loads a route's code when it is first visited", async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    const scripts: string[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
    await page.goto(appUrl('/data/dashboard/rawData'));
    await page.getByTestId('raw-data-dashboard').waitFor();
    expect(scripts.some((url) => url.includes('account-list'))).toBe(false);
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: '空间控制台' }).click();
    await page.getByRole('menuitem', { name: '账号管理' }).click();
    await page.getByRole('cell', { name: 'Demo Operator', exact: true }).waitFor();
    expect(scripts.some((url) => url.includes('account-list'))).toBe(true);
    await context.close();
  });

  it('serves the code editor files from /app/monaco-editor/min/vs', async () => {
    const response = await fetch(`${baseUrl()}/app/monaco-editor/min/vs/loader.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('javascript');
  });
});

describe('tab bar (spec §2)', () => {
  it('opens a tab per page and closes right, left, others and all', async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    for (const path of ['/data/dashboard/rawData', '/data/dashboard/quality', '/data/collect/base', '/data/collect/plan']) {
      await page.goto(appUrl(path));
      await settled(page);
    }
    expect(await tabs(page)).toEqual(['原始数据看板', '质量看板', '采集要素', '采集计划']);
    // Every step waits on what it changes: the menu there, then gone (closed by its action), the tab list.
    const menu = page.locator('.edp-tab-menu');
    const menuOf = async (tab: string, action: string) => {
      await page.getByTestId('page-tab').getByText(tab, { exact: true }).click({ button: 'right' });
      await menu.getByRole('menuitem', { name: action, exact: true }).click();
      await menu.waitFor({ state: 'detached' });
    };
    const tabsAre = (expected: string[]) => expect.poll(() => tabs(page), { timeout: 15_000 }).toEqual(expected);
    await menuOf('质量看板', '关闭右侧');
    await tabsAre(['原始数据看板', '质量看板']);
    await page.waitForURL(/\/data\/dashboard\/quality$/); // the active tab closed: its neighbour took over
    await page.goto(appUrl('/data/collect/integrated'));
    await settled(page);
    await menuOf('质量看板', '关闭左侧');
    await tabsAre(['质量看板', '数据集成']);
    await menuOf('数据集成', '关闭其他');
    await tabsAre(['数据集成']);
    await page.getByTestId('tab-bar').locator('.edp-tab-close').click();
    await page.waitForURL(/\/data\/dashboard\/rawData$/); // no tab left: home
    await tabsAre(['原始数据看板']);
    await page.goto(appUrl('/data/collect/base'));
    await settled(page);
    await menuOf('采集要素', '关闭全部');
    await tabsAre(['原始数据看板']);
    await context.close();
  });

  it('refreshes the page in place and toggles fullscreen', async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    await page.goto(appUrl('/console/space/account'));
    await page.getByRole('cell', { name: 'Demo Operator', exact: true }).waitFor();
    const queries: string[] = [];
    page.on('request', (request) => request.url().includes('/console/account/query') && queries.push(request.url()));
    await page.getByTestId('tab-bar').getByRole('button', { name: '刷新' }).click();
    await expect.poll(() => queries.length).toBeGreaterThan(0);
    expect(pathOf(page)).toBe('/console/space/account');
    await page.getByTestId('tab-bar').getByRole('button', { name: '全屏' }).click();
    // Entering fullscreen is the browser's own step, slower on a loaded machine than the default second.
    await expect.poll(() => page.evaluate(() => document.fullscreenElement?.className ?? ''), { timeout: 10_000 }).toContain('edp-main');
    await page.getByTestId('tab-bar').getByRole('button', { name: '全屏' }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement), { timeout: 10_000 }).toBeNull();
    await context.close();
  });
});

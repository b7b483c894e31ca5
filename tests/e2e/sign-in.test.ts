import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl, newPage, openUserMenu, pathOf, seedPassword, signInThroughForm, useBrowser } from './helpers/browser';

const browser = useBrowser();

const topSections = (page: Page) => page.getByTestId('top-sections').locator('.ant-menu-title-content').allInnerTexts();
const sideMenu = (page: Page) => page.getByTestId('side-menu').locator('.ant-menu-title-content').allInnerTexts();
const userMenu = async (page: Page) => (await openUserMenu(page)).allInnerTexts();

describe('sign-in (spec §2, §4)', () => {
  it('shows the login page: title, side image, password tab only, footer', async () => {
    const { context, page } = await newPage(browser());
    await page.goto(appUrl('/data/dashboard/rawData'));
    await page.waitForURL(/\/app\/login/);
    expect(await page.title()).toBe('Embodied Development Platform');
    await page.locator('.edp-login-side img').waitFor();
    expect(await page.getByRole('tab').allInnerTexts()).toEqual(['密码登录']);
    expect(await page.locator('.edp-login-footer').innerText()).toMatch(/Copyright[\s\S]*ICP/);
    await context.close();
  });

  it('requires each field with the §5 message', async () => {
    const { context, page } = await newPage(browser());
    await page.goto(appUrl('/login'));
    await page.getByRole('button', { name: /登\s*录/ }).click();
    const errors = page.locator('.edp-field-error');
    await errors.nth(2).waitFor();
    expect(await errors.allInnerTexts()).toEqual(['请输入空间账号', '请输入个人账号', '请输入密码']);
    await context.close();
  });

  it.each([
    ['platform', 'admin', '/data/dashboard/rawData', ['数据', '训练', '部署', '评测', '设备', '任务流'], true],
    ['demo', 'admin', '/data/dashboard/rawData', ['数据', '训练', '部署', '评测', '设备', '任务流'], false],
    ['demo', 'rd', '/data/dashboard/rawData', ['数据', '训练', '部署', '评测', '设备', '任务流'], false],
    ['demo', 'operator', '/data/ticket/managed', ['数据'], false],
  ])('%s / %s lands on %s with the menus §6 allows', async (tenant, account, landing, sections, systemConsole) => {
    const { context, page } = await newPage(browser());
    await signInThroughForm(page, tenant, account);
    await page.waitForURL((url) => url.pathname === `/app${landing}`);
    expect(await page.evaluate(() => history.length)).toBeLessThanOrEqual(2); // the sign-in entry was replaced
    await page.getByTestId('top-sections').waitFor();
    expect(await topSections(page)).toEqual(sections);
    const menu = await userMenu(page);
    expect(menu).toContain('个人中心');
    expect(menu).toContain('空间控制台');
    expect(menu.includes('系统控制台')).toBe(systemConsole);
    if (account === 'operator') {
      expect(await sideMenu(page)).toEqual(['工单', '我管理的', '待处理']);
      await page.goto(appUrl('/console/space'));
      await page.waitForURL(/\/console\/space\/home$/);
      await expect.poll(() => sideMenu(page)).toEqual(['空间控制台', '首页']);
      await page.goto(appUrl('/data/dashboard/rawData'));
      await page.waitForURL(/\/app\/403$/);
    }
    // A signed-in user opening /login is sent home.
    await page.goto(appUrl('/login'));
    await page.waitForURL((url) => url.pathname === `/app${landing}`);
    await context.close();
  });

  it('keeps the button loading until the sign-in call ends', async () => {
    const { context, page } = await newPage(browser());
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    await page.route('**/login/code-pwd', async (route) => {
      arrive();
      await held;
      await route.continue();
    });
    await signInThroughForm(page, 'demo', 'rd');
    await arrived; // the sign-in call is on its way and held there
    const button = page.getByRole('button', { name: /登\s*录/ });
    expect(await button.getAttribute('aria-busy')).toBe('true');
    expect(await button.isDisabled()).toBe(true);
    release();
    await page.waitForURL(/rawData/);
    await context.close();
  });

  it('refuses a wrong password with the server message and stays on the sign-in page', async () => {
    const { context, page } = await newPage(browser());
    await signInThroughForm(page, 'demo', 'rd', 'Wrong-Pass-1');
    await page.locator('.ant-notification-notice').getByText('空间账号、个人账号或密码错误').waitFor();
    expect(pathOf(page)).toBe('/login');
    await context.close();
  });

  it('remembers space codes: most recent first, filterable, removable', async () => {
    const { context, page } = await newPage(browser());
    await signInThroughForm(page, 'platform', 'admin');
    await page.waitForURL(/rawData/);
    await page.evaluate(() => localStorage.removeItem('userToken'));
    await signInThroughForm(page, 'demo', 'rd');
    await page.waitForURL(/rawData/);
    await page.evaluate(() => localStorage.removeItem('userToken'));
    await page.goto(appUrl('/login'));
    expect(await page.locator('#tenantCode').inputValue()).toBe('demo');
    await page.locator('#tenantCode').fill('');
    await page.locator('#tenantCode').click();
    const options = page.locator('.edp-history-list .edp-history-option > span:first-child');
    await options.first().waitFor();
    expect(await options.allInnerTexts()).toEqual(['demo', 'platform']);
    await page.locator('#tenantCode').fill('PLAT');
    await expect.poll(() => options.count()).toBe(1);
    expect(await options.allInnerTexts()).toEqual(['platform']);
    await page.getByRole('button', { name: '从记录中删除 platform' }).click();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('spaceCodeHistory')!))).toEqual(['demo']);
    await context.close();
  });

  it('never sends the clear password in a URL or body', async () => {
    const { context, page } = await newPage(browser());
    const sent: string[] = [];
    page.on('request', (request) => sent.push(`${request.url()}\n${request.postData() ?? ''}`));
    await signInThroughForm(page, 'demo', 'admin');
    await page.waitForURL(/rawData/);
    expect(sent.some((entry) => entry.includes('/login/code-pwd'))).toBe(true);
    for (const entry of sent) expect(entry).not.toContain(seedPassword());
    await context.close();
  });

  it('shows a warning for a chat-service callback (?code=)', async () => {
    const { context, page } = await newPage(browser());
    await page.goto(appUrl('/login?code=abc'));
    await page.locator('.ant-notification-notice').getByText('暂未开放飞书登录').waitFor();
    await context.close();
  });
});

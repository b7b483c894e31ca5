import { describe, expect, it } from 'vitest';
import { appUrl, baseUrl, openUserMenu, pathOf, seedPassword, signedInPage, useBrowser } from './helpers/browser';

const browser = useBrowser();

describe('session (spec §4, §8)', () => {
  it('a 403 from the server ends the session with 登录状态已过期! and returns to sign-in', async () => {
    const { context, page, sessionKey } = await signedInPage(browser(), 'demo', 'admin');
    await page.goto(appUrl('/console/space/account'));
    await page.getByRole('cell', { name: 'Demo Operator', exact: true }).waitFor();
    await page.waitForURL(/currentPage=/); // the list has written its paging into the address, which sign-in returns to
    await fetch(`${baseUrl()}/api/v1/console/account/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionKey }),
    });
    await page.getByTestId('tab-bar').getByRole('button', { name: '刷新' }).click();
    await page.locator('.ant-notification-notice').getByText('登录状态已过期!').waitFor();
    await page.waitForURL(/\/app\/login/);
    expect(await page.evaluate(() => ['userToken', 'userTokenStore', 'userInfo', 'userInfoStore'].map((key) => localStorage.getItem(key)))).toEqual([
      null,
      null,
      null,
      null,
    ]);
    // Signing in again returns to the page the session expired on.
    expect(new URL(page.url()).searchParams.get('to')).toMatch(/^\/console\/space\/account\?/); // with its query
    await page.locator('#tenantCode').fill('demo');
    await page.locator('#accountName').fill('admin');
    await page.locator('#password').fill(seedPassword());
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(/\/console\/space\/account\?/);
    await context.close();
  });

  it('logs out from the user menu: the server forgets the session', async () => {
    const { context, page, sessionKey } = await signedInPage(browser(), 'demo', 'rd');
    await page.goto(appUrl('/data/dashboard/rawData'));
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.waitForURL(/\/app\/login$/);
    const after = await fetch(`${baseUrl()}/api/v1/console/account/get-cur-user-info`, { headers: { authorization: `Bearer ${sessionKey}` } });
    expect(after.status).toBe(403);
    await page.goto(appUrl('/data/dashboard/rawData'));
    await page.waitForURL(/\/app\/login/);
    expect(pathOf(page)).toBe('/login');
    await context.close();
  });
});

import { describe, expect, it } from 'vitest';
import { apiSignIn, appUrl, baseUrl, signedInPage, useBrowser } from './helpers/browser';
import { filterList } from './helpers/forms';

/** The access rules as people meet them: names of what they may not open, keys that are their owners'. */
const browser = useBrowser();
const run = Date.now() % 100_000;

describe('access in the browser', () => {
  it("a tele_operator's tickets name their dataset and team, which the operator may not open", async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'operator');
    await page.goto(appUrl('/data/ticket/managed'));
    const rows = page.locator('.ant-table-tbody');
    await rows.getByText('质检组').first().waitFor();
    expect(await rows.innerText()).not.toMatch(/#\d+/);
    // Names, not links: the operator may not open datasets or teams.
    expect(await rows.getByRole('link', { name: '质检组' }).count()).toBe(0);
    await context.close();
  });

  it("a space's administrator sees a member's key and may disable it, not re-enable it", async () => {
    const { sessionKey } = await apiSignIn('demo', 'rd');
    const name = `rd-key-${run}`;
    const created = await fetch(`${baseUrl()}/api/v1/console/access-key/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${sessionKey}` },
      body: JSON.stringify({ name }),
    });
    expect(created.status).toBe(200);
    expect(created.headers.get('cache-control')).toContain('no-store');

    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    await page.goto(appUrl('/console/space/member-keys'));
    await filterList(page, 'name', name);
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
    const row = page.locator('.ant-table-row');
    await row.getByRole('button', { name: /禁\s*用/ }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect.poll(() => row.innerText()).toContain('已禁用');
    expect(await row.getByRole('button', { name: /启\s*用/ }).count()).toBe(0);
    expect(await row.getByRole('button', { name: /删\s*除/ }).count()).toBe(0);
    await context.close();
  });
});

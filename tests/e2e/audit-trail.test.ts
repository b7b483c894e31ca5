import { describe, expect, it } from 'vitest';
import { apiSignIn, appUrl, baseUrl, signedInPage, useBrowser } from './helpers/browser';

/** The audit trail in the browser: a record's history on its page, and the space's activity list, for a space and for the platform. */
const browser = useBrowser();
const run = Date.now() % 100_000;

async function call(tenant: string, code: string, path: string, body: object) {
  const { sessionKey } = await apiSignIn(tenant, code);
  const response = await fetch(`${baseUrl()}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${sessionKey}` },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()).data as { id: number; updatedTime: string };
}

describe('the audit trail in the browser', () => {
  it("shows a space administrator who created and changed a label, on the label's page and in the activity list", async () => {
    const name = `Audit ${run}`;
    const made = await call('demo', 'rd', '/console/label/create', { name, labelType: 'scene', description: '' });
    await call('demo', 'rd', '/console/label/update', { id: made.id, updatedTime: made.updatedTime, description: '光照变化' });

    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    await page.goto(appUrl(`/console/space/label/${made.id}`));
    const history = page.getByTestId('record-history');
    await history.getByText('历史记录').waitFor();
    await expect.poll(() => history.locator('.ant-timeline-item').count()).toBe(2);
    await expect.poll(() => history.innerText()).toContain('创建了记录');
    await expect(history.innerText()).resolves.toMatch(/描述[:：]\s*-\s*→\s*光照变化/);

    await page.goto(appUrl('/console/space/audit'));
    await page.locator('tr.ant-table-row').first().waitFor();
    await expect.poll(() => page.locator('tr.ant-table-row').first().innerText()).toContain(name);
    await context.close();
  });

  it("shows the platform's administrator the platform's trail, and nothing of a space's", async () => {
    const imageName = `Audit Image ${run}`;
    const image = await call('platform', 'admin', '/console/task-image/create', {
      name: imageName,
      image: `registry.local/audit:${run}`,
      entrypoint: 'python3 -u',
      description: '',
    });
    const feedback = await call('demo', 'rd', '/console/feedback/create', { module: 'data', rating: 4, description: `Grasp notes ${run}` });

    const { context, page } = await signedInPage(browser(), 'platform', 'admin');
    await page.goto(appUrl('/console/space/audit'));
    await page.locator('tr.ant-table-row').first().waitFor();
    await expect.poll(() => page.locator('tr.ant-table-row').first().innerText()).toContain(imageName);
    await expect(page.locator('.ant-table-tbody').innerText()).resolves.not.toContain(`Grasp notes ${run}`);

    // The platform's own record has its history; a space's feedback, which the platform reads, shows none of the space's trail.
    await page.goto(appUrl(`/console/system/taskImage/${image.id}`));
    const history = page.getByTestId('record-history');
    await expect.poll(() => history.locator('.ant-timeline-item').count()).toBe(1);
    await expect(history.innerText()).resolves.toContain('创建了记录');
    await page.goto(appUrl(`/console/system/feedback/${feedback.id}`));
    await page.getByTestId('record-details').getByText(`Grasp notes ${run}`).waitFor();
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('record-history').count()).resolves.toBe(0);
    await context.close();
  });

  it('shows no history to a member who may not read the trail', async () => {
    const made = await call('demo', 'rd', '/console/label/create', { name: `Quiet ${run}`, labelType: 'scene', description: '' });
    const { context, page } = await signedInPage(browser(), 'demo', 'rd');
    await page.goto(appUrl(`/console/space/label/${made.id}`));
    await page.getByTestId('record-details').waitFor();
    await page.waitForLoadState('networkidle'); // the access check and any list it allowed have answered
    await expect(page.getByTestId('record-history').count()).resolves.toBe(0);
    await context.close();
  });
});

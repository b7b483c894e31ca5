import { describe, expect, it } from 'vitest';
import { apiSignIn, appUrl, baseUrl, signedInPage, useBrowser } from './helpers/browser';
import { passedArtifact } from './helpers/demo-records';
import { filterList } from './helpers/forms';

/**
 * The domain behaviour of the declared entities in the browser: transitions, the header's feedback,
 * a new space's one-time password, JSON in Monaco, related lists and unsaved changes.
 */
const browser = useBrowser();
const run = Date.now() % 100_000;

async function createAs(tenant: string, code: string, api: string, body: object) {
  const { sessionKey } = await apiSignIn(tenant, code);
  const response = await fetch(`${baseUrl()}/api/v1${api}/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${sessionKey}` },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()).data as { id: number };
}

describe('the declared entities in the browser', () => {
  it('OTA packages: a transition the state refuses is disabled and says why; an allowed one asks, then moves the state', async () => {
    const version = `7.${run}.1`;
    await createAs('platform', 'admin', '/console/ota-package', { officialVersion: version, atcArtifactId: await passedArtifact() });
    const { context, page } = await signedInPage(browser(), 'platform', 'admin');
    await page.goto(appUrl('/console/system/ota-upgrade'));
    await filterList(page, 'officialVersion', version);
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
    const row = page.locator('.ant-table-row');
    await expect(row.innerText()).resolves.toContain('待发布');

    const deactivate = row.getByRole('button', { name: /停\s*用/ });
    await expect(deactivate.isDisabled()).resolves.toBe(true);
    await deactivate.locator('..').hover();
    await page.locator('.ant-tooltip').getByText('当前状态（待发布）不能执行“停用”').waitFor();

    await row.getByRole('button', { name: /启\s*用/ }).click();
    await page.locator('.ant-popconfirm').getByText('确定对该记录执行“启用”吗？').waitFor();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect.poll(() => row.innerText()).toContain('已启用');
    await expect(row.getByRole('button', { name: /停\s*用/ }).isDisabled()).resolves.toBe(false);
    await context.close();
  });

  it("feedback: an operator sends it from the header (rating and comment required); the platform's administrator reads it", async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'operator');
    await page.goto(appUrl('/'));
    await page.getByTestId('feedback-entry').click();
    const dialog = page.locator('.ant-modal');
    await dialog.getByRole('button', { name: /新\s*建/ }).click();
    await dialog.getByText('请输入评分').waitFor();
    await dialog.getByText('请输入反馈内容').waitFor();

    await dialog.locator('#field-module').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first().click();
    await dialog.locator('#field-rating li').nth(3).click();
    await dialog.locator('#field-description').fill(`The ticket list needs a bulk assign ${run}`);
    await dialog.getByRole('button', { name: /新\s*建/ }).click();
    await page.getByText('感谢反馈！').waitFor();
    await context.close();

    const admin = await signedInPage(browser(), 'platform', 'admin');
    await admin.page.goto(appUrl('/console/system/feedback'));
    await filterList(admin.page, 'description', `bulk assign ${run}`);
    await expect.poll(() => admin.page.locator('.ant-table-row').count()).toBe(1);
    await expect(admin.page.locator('.ant-table-row').innerText()).resolves.toContain('待处理');
    await admin.context.close();
  });

  it('tenants: creating a space shows its administrator’s one-time password, which signs in', async () => {
    const { context, page } = await signedInPage(browser(), 'platform', 'admin');
    await page.goto(appUrl('/console/system/tenant/create'));
    await page.locator('#field-code').fill(`lab-${run}`);
    await page.locator('#field-name').fill(`Lab ${run}`);
    await page.locator('#field-adminCode').fill('chief');
    await page.locator('#field-adminName').fill('Chief');
    await page
      .locator('.edp-entity-form')
      .getByRole('button', { name: /新\s*建/ })
      .click();
    const text = await page.getByTestId('one-time-password').innerText();
    const password = /一次性密码：(\S+?)（/.exec(text)?.[1];
    expect(password, text).toHaveLength(16);
    await expect(apiSignIn(`lab-${run}`, 'chief', password!)).resolves.toMatchObject({ account: { mustChangePassword: true } });
    await context.close();
  });

  it('template tasks: the JSON config is edited in Monaco, checked with the §5 message, and shown read-only', async () => {
    const { context, page } = await signedInPage(browser(), 'platform', 'admin');
    await page.goto(appUrl('/console/system/template-task/create'));
    const editor = page
      .locator('.ant-form-item')
      .filter({ has: page.locator('label[for="field-taskConfStr"]') })
      .locator('.monaco-editor');
    await editor.click();
    await page.keyboard.insertText('{ "epochs": 10,');
    await page
      .locator('.edp-entity-form')
      .getByRole('button', { name: /新\s*建/ })
      .click();
    await page.getByText('任务配置须为合法的 JSON').waitFor();
    await context.close();
  });

  it('task images: the show page lists the template tasks that use the image, linked both ways', async () => {
    const { context, page } = await signedInPage(browser(), 'platform', 'admin');
    await page.goto(appUrl('/console/system/taskImage'));
    await page.locator('.ant-table-row').filter({ hasText: 'LeRobot training' }).getByRole('button', { name: '查看' }).click();
    const related = page.locator('section').filter({ has: page.getByRole('link', { name: '模板任务' }) });
    await related.getByText('ACT 策略训练', { exact: true }).waitFor();
    await related.locator('.ant-table-row').filter({ hasText: 'ACT 策略训练' }).getByRole('link', { name: '查看' }).click();
    await page.getByTestId('record-details').getByText('ACT 策略训练').first().waitFor();
    await page.locator('.monaco-editor').getByText('"policy"').waitFor(); // taskConfStr, read-only
    await expect(page.locator('.monaco-editor textarea').getAttribute('readonly')).resolves.not.toBeNull();
    await context.close();
  });

  it('forms: leaving with unsaved changes asks first', async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    await page.goto(appUrl('/console/space/label/create'));
    await page.locator('#field-name').fill('half-typed');
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.dismiss();
      }),
    );
    await page.locator('.ant-menu').getByText('账号管理').click();
    await expect(asked).resolves.toBe('有未保存的修改，确定离开吗？');
    expect(new URL(page.url()).pathname).toBe('/app/console/space/label/create');
    await context.close();
  });
});

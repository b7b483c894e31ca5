import { describe, expect, it } from 'vitest';
import { cipherDigest } from '../server/helpers/spec-client';
import { apiSignIn, appUrl, baseUrl, createAccount, signedInPage, signInThroughForm, useBrowser } from './helpers/browser';

const browser = useBrowser();

describe('accounts page (spec §2 console/space/account, §5, §6)', () => {
  it('lets the demo admin create an account that can sign in, and reset a password', async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    const sent: string[] = [];
    page.on('request', (request) => sent.push(`${request.url()} ${request.postData() ?? ''}`));
    await page.goto(appUrl('/console/space/account'));
    await page.getByRole('button', { name: '新建账号' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('请输入账号编码').waitFor();
    await dialog.getByLabel('角色').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText('研发', { exact: true }).click();
    await dialog.getByLabel('账号编码').fill('labeller 1');
    await dialog.getByLabel('账号名称').fill('Lab Eller');
    await dialog.getByLabel('密码', { exact: true }).fill('weakpass');
    await dialog.getByLabel('确认密码').fill('weakpass2');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('账号编码只能包含字母、数字和 _ . - @').waitFor();
    await dialog.getByText('密码至少8个字符，且须包含大写字母、小写字母、数字和特殊字符').waitFor();
    await dialog.getByText('两次输入的密码不一致').waitFor();
    await dialog.getByLabel('账号编码').fill('labeller1');
    await dialog.getByLabel('密码', { exact: true }).fill('Label-Pass-1');
    await dialog.getByLabel('确认密码').fill('Label-Pass-1');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-notification-notice').getByText('创建成功').waitFor();
    await page.getByRole('cell', { name: 'Lab Eller', exact: true }).waitFor();
    expect((await apiSignIn('demo', 'labeller1', 'Label-Pass-1')).account).toMatchObject({ role: 'rd', mustChangePassword: false, creator: 'admin' });
    for (const entry of sent) expect(entry, entry).not.toContain('Label-Pass-1');

    const row = page.getByRole('row', { name: /Lab Eller/ });
    await row.getByRole('button', { name: '重置密码' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('确定重置账号“Lab Eller”的密码吗？其所有登录会话将被终止。').waitFor();
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    const oneTime = await page.getByTestId('one-time-password').innerText();
    expect(oneTime).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[^A-Za-z0-9]).{8,}$/);
    expect((await apiSignIn('demo', 'labeller1', oneTime)).account.mustChangePassword).toBe(true);
    await context.close();
  });

  it('asks an account with an administrator-set password to change it, and the change ends the session', async () => {
    await createAccount('tele_operator', 'newcomer', 'New Comer', 'Temp-Pass-1');
    const { context, page } = await signedInPage(browser(), 'demo', 'newcomer', 'Temp-Pass-1');
    const refused: string[] = [];
    page.on('response', (response) => void (response.status() === 428 && refused.push(response.url())));
    await page.goto(appUrl('/'));
    await page.waitForURL(/\/data\/ticket\/managed$/);
    // The page is held back until the password is changed: no call the server would refuse (428) is made.
    await page.getByText('修改密码之前，控制台的其他页面无法使用。').waitFor();
    await page.getByRole('button', { name: '去修改' }).click();
    await page.waitForURL(/\/console\/space\/personal\?tab=password$/);
    await page.getByLabel('旧密码').fill('Temp-Pass-1');
    await page.getByLabel('新密码').fill('Mine-Pass-22');
    await page.getByLabel('确认密码').fill('Mine-Pass-22');
    expect(refused).toEqual([]);
    await page.getByRole('button', { name: '确认修改' }).click();
    await page.locator('.ant-notification-notice').getByText('密码修改成功，请重新登录').waitFor();
    await page.waitForURL(/\/app\/login$/);
    await signInThroughForm(page, 'demo', 'newcomer', 'Mine-Pass-22');
    await page.waitForURL(/\/data\/ticket\/managed$/);
    expect(await page.getByRole('button', { name: '去修改' }).count()).toBe(0);
    await context.close();
  });

  it('saves the personal centre basic information', async () => {
    await createAccount('rd', 'profiled', 'Profiled', 'Profile-Pass-1', { oneTime: false });
    const { context, page } = await signedInPage(browser(), 'demo', 'profiled', 'Profile-Pass-1');
    await page.goto(appUrl('/console/space/personal'));
    await page.getByLabel('邮箱').fill('not-an-email');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('邮箱格式错误！').waitFor();
    await page.getByLabel('邮箱').fill('operator@example.com');
    await page.getByLabel('账号名称').fill('Profiled Person');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.locator('.ant-notification-notice').getByText('保存成功').waitFor();
    await page.getByTestId('user-menu').getByText('Profiled Person').waitFor();
    await context.close();
  });

  it('shows rd the list without create or reset, and the API refuses rd', async () => {
    const { context, page, sessionKey } = await signedInPage(browser(), 'demo', 'rd');
    await page.goto(appUrl('/console/space/account'));
    await page.getByRole('cell', { name: 'Demo Operator', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: '新建账号' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '重置密码' }).count()).toBe(0);
    const nonce = (await (await fetch(`${baseUrl()}/api/v1/console/nonce/generate`)).json()).data;
    const refused = await fetch(`${baseUrl()}/api/v1/console/account/create-account`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${sessionKey}` },
      body: JSON.stringify({
        role: 'rd',
        accountCode: 'sneaky',
        accountName: 'Sneaky',
        cipherDigest: cipherDigest('Sneaky-Pass-1', nonce.randomKey),
        nonceId: nonce.id,
      }),
    });
    expect(refused.status).toBe(403);
    await context.close();
  });

  it('changes the rows per page from its page-size menu, drawn plain until approached', async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    await page.goto(appUrl('/console/space/account'));
    await page.getByRole('cell', { name: 'Demo Operator', exact: true }).waitFor();
    await page.locator('.ant-pagination-options-size-changer').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title^="50"]').click();
    await page.waitForURL(/pageSize=50/);
    await expect(page.locator('.ant-pagination-options-size-changer .ant-select-selection-item').innerText()).resolves.toBe('50 条/页');
    await page.getByRole('cell', { name: 'Demo Operator', exact: true }).waitFor();
    await context.close();
  });

  it('keeps tele_operator out of the accounts page', async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'operator');
    await page.goto(appUrl('/console/space/account'));
    await page.waitForURL(/\/app\/403$/);
    await context.close();
  });
});

import { describe, expect, it } from 'vitest';
import { allows, permissionsOf } from '../../src/access/permissions';
import { recordPath, routeEntries } from '../../src/resources/index';
import { fieldEntries } from '../../src/schemas/engine/entity';
import { sampleInput } from '../../src/schemas/engine/sample';
import type { FieldDecl } from '../../src/schemas/engine/types';
import { entityByName } from '../../src/schemas/index';
import { apiSignIn, appUrl, baseUrl, pathOf, signedInPage, useBrowser } from './helpers/browser';
import { fillField } from './helpers/forms';

/**
 * Generated from the declarations: every entity walked in the browser as a role §6 allows (list
 * with seed rows, create with values derived from its schema, find it with a filter, show, edit,
 * delete), and as a role it forbids (the 403 page, and the API refusing).
 */
const browser = useBrowser();
/** In order of preference: the demo space holds the seed rows of space-scoped entities. */
const ACCOUNTS = [
  { tenant: 'demo', code: 'admin', role: 'tenant_admin', internal: false },
  { tenant: 'platform', code: 'admin', role: 'system_admin', internal: true },
  { tenant: 'demo', code: 'rd', role: 'rd', internal: false },
  { tenant: 'demo', code: 'operator', role: 'tele_operator', internal: false },
];
const lists = routeEntries.filter((entry) => entry.view === 'list' && entry.entity);
const run = Date.now() % 100_000;

describe.each(lists.map((list) => [list.fullPath, list] as const))('%s', (_path, list) => {
  const entity = entityByName.get(list.entity!)!;
  const who = ACCOUNTS.find((account) => allows(permissionsOf(account), list.effectiveAuth))!;
  const forbidden = ACCOUNTS.find((account) => !allows(permissionsOf(account), list.effectiveAuth));
  const title = entity.title;

  it(`lists, creates, finds, shows, edits and deletes (as ${who.tenant}/${who.code})`, async () => {
    const { context, page } = await signedInPage(browser(), who.tenant, who.code);
    await page.goto(appUrl(list.fullPath));
    await page.locator('.ant-table-row').first().waitFor(); // the seed rows

    await page.getByRole('button', { name: /新\s*建/ }).click();
    await page.waitForURL((url) => url.pathname === `/app${recordPath(list, 'create')}`);
    const sample = sampleInput(entity, run);
    for (const [name, field] of fieldEntries(entity).filter(
      ([, field]: [string, FieldDecl]) => field.edit && (field.required || field.widget === 'textarea'),
    )) {
      await fillField(page, name, field, sample[name] ?? '');
    }
    await page
      .locator('.edp-entity-form')
      .getByRole('button', { name: /新\s*建/ })
      .click();
    await page.getByTestId('record-details').waitFor();
    if (entity.name === 'tenant') await page.getByRole('button', { name: /知道了|OK/ }).click(); // the new administrator's one-time password
    await page.getByTestId('record-details').getByText(String(sample[title]), { exact: true }).first().waitFor();
    const showPath = pathOf(page);

    await page.goto(appUrl(list.fullPath));
    await page.locator(`#filter-${title}`).fill(String(sample[title]));
    await page
      .getByRole('search')
      .getByRole('button', { name: /查\s*询/ })
      .click();
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
    await page.locator('.ant-table-row').getByRole('button', { name: '查看' }).click();
    await page.waitForURL((url) => url.pathname === `/app${showPath}`);

    const editable = fieldEntries(entity).find(([, field]: [string, FieldDecl]) => field.edit === 'always' && field.widget === 'textarea');
    if (editable) {
      await page.getByRole('button', { name: /编\s*辑/ }).click();
      await page.locator(`#field-${editable[0]}`).fill(`Edited in the browser ${run}`);
      await page.getByRole('button', { name: /保\s*存/ }).click();
      await page.getByTestId('record-details').getByText(`Edited in the browser ${run}`).waitFor();
    }

    await page.goto(appUrl(list.fullPath));
    await page.locator(`#filter-${title}`).fill(String(sample[title]));
    await page
      .getByRole('search')
      .getByRole('button', { name: /查\s*询/ })
      .click();
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
    await page.locator('.ant-table-row').getByRole('button', { name: '删除' }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(0);
    await context.close();
  });

  it(`is refused to ${forbidden?.tenant}/${forbidden?.code}: the 403 page, and the API`, async () => {
    expect(forbidden, 'every list has a role §6 keeps out').toBeDefined();
    const { context, page, sessionKey } = await signedInPage(browser(), forbidden!.tenant, forbidden!.code);
    await page.goto(appUrl(list.fullPath));
    await page.waitForURL(/\/app\/403$/);
    const reply = await fetch(`${baseUrl()}/api/v1${list.api}/query`, { headers: { authorization: `Bearer ${sessionKey}` } });
    expect(reply.status).toBe(403);
    await context.close();
  });
});

it('keeps every declared entity list reachable (the suite above covers them all)', async () => {
  expect(lists.map((list) => list.entity).sort()).toEqual(['bag', 'feedback', 'label', 'ota-package', 'task-image', 'template-task', 'tenant']);
  expect((await apiSignIn('demo', 'admin')).account.code).toBe('admin');
});

import { describe, expect, it } from 'vitest';
import { allows, permissionsOf } from '../../model/access/permissions';
import { canReadEntity, entityListEntry, recordPath, routeEntries } from '../../model/resources/index';
import type { Page } from 'playwright-core';
import type { RouteEntry } from '../../model/resources/types';
import { fieldEntries } from '../../model/schemas/engine/entity';
import { sampleInput } from '../../model/schemas/engine/sample';
import type { FieldDecl } from '../../model/schemas/engine/types';
import { entityByName } from '../../model/schemas/index';
import { ACCOUNTS as SEEDED, nameOf, type Who } from '../server/helpers/entities';
import { apiSignIn, appUrl, baseUrl, pathOf, signedInPage, useBrowser } from './helpers/browser';
import { passedArtifact } from './helpers/demo-records';
import { fillField, filterList } from './helpers/forms';

/**
 * Generated from the declarations: every entity walked in the browser as a role §6 allows (list
 * with seed rows, create with values derived from its schema, find it with a filter, show, edit,
 * delete), and as a role it forbids (the 403 page, and the API refusing).
 */
const browser = useBrowser();
/** In order of preference: the demo space holds the seed rows of space-scoped entities. */
const ACCOUNTS = ['demo/admin', 'platform/admin', 'demo/rd', 'demo/operator'].map((name) => SEEDED.find((who) => nameOf(who) === name)!);
const lists = routeEntries.filter((entry) => entry.view === 'list' && entry.entity);
const run = Date.now() % 100_000;
/** After a submit: the record's page, or the form with an error. */
const saved = async (page: Page) => {
  await page.locator('[data-testid="record-details"], .edp-entity-form .ant-form-item-explain-error').first().waitFor();
  return page.getByTestId('record-details').isVisible();
};
/** Values no sample can know, found first: the artifact an OTA package publishes must have passed its CT. */
const GIVEN: Record<string, () => Promise<Record<string, unknown>>> = {
  'ota-package': async () => ({ atcArtifactId: await passedArtifact() }),
};
const mayOpen = (account: Who, list: RouteEntry) => allows(permissionsOf(account), list.effectiveAuth);

describe.each(lists.map((list) => [list.fullPath, list] as const))('%s', (_path, list) => {
  const entity = entityByName.get(list.entity!)!;
  const primary = entityListEntry(entity.name) === list;
  // A list without a create form (raw data is uploaded) offers no 新建, whoever may create through the API.
  const creatable = (account: Who) => list.createForm !== false && allows(permissionsOf(account), list.actions?.create ?? list.effectiveAuth);
  // A view of one's own records (`$me`) is walked by the account the demo gives the most of them: the operator.
  const candidates = Object.values(list.preset ?? {}).includes('$me') ? [...ACCOUNTS].reverse() : ACCOUNTS;
  const who = candidates.find((account) => mayOpen(account, list) && (!primary || creatable(account))) ?? candidates.find((account) => mayOpen(account, list))!;
  const forbidden = ACCOUNTS.find((account) => !mayOpen(account, list));
  const title = entity.title;
  const findable = (entity.fields[title] as FieldDecl).widget === 'text';
  // Fields a rule over several fields needs (an alarm needs a frame rate or a loss count) are filled too.
  const ruled = new Set((entity.rules ?? []).map((rule) => rule.field));
  const uniqueReferences = [...new Set((entity.unique ?? []).flat())].filter((name) => (entity.fields[name] as FieldDecl).widget === 'reference');

  if (primary && creatable(who))
    it(`lists, creates, finds, shows, edits and deletes (as ${who.tenant}/${who.code})`, async () => {
      const { context, page, sessionKey } = await signedInPage(browser(), who.tenant, who.code);
      await page.goto(appUrl(list.fullPath));
      await page.locator('.ant-table-row').first().waitFor(); // the seed rows

      await page.getByRole('button', { name: /新\s*建/ }).click();
      await page.waitForURL((url) => url.pathname === `/app${recordPath(list, 'create')}`);
      const sample = { ...sampleInput(entity, run), ...(await GIVEN[entity.name]?.()) };
      for (const [name, field] of fieldEntries(entity).filter(
        ([name, field]: [string, FieldDecl]) =>
          field.edit && !(name in (list.preset ?? {})) && (field.required || field.widget === 'textarea' || ruled.has(name)),
      )) {
        await fillField(page, name, field, sample[name] ?? '');
      }
      const submit = page.locator('.edp-entity-form').getByRole('button', { name: /新\s*建/ });
      await submit.click();
      // A pair that must be unique (a version linked to a training run) may exist already: the next choices, as a user would.
      for (let option = 1; option < 10 && !(await saved(page)); option += 1) {
        for (const name of uniqueReferences) await fillField(page, name, entity.fields[name] as FieldDecl, undefined, option);
        await submit.click();
      }
      if (entity.name === 'tenant' || entity.name === 'access-key') await page.getByRole('button', { name: /知道了|OK/ }).click(); // a secret shown once
      if (findable) await page.getByTestId('record-details').getByText(String(sample[title]), { exact: true }).first().waitFor();
      const showPath = pathOf(page);
      // The new record's row: found with the title filter where the title is text, else on the first page (newest first).
      const newRow = async () => {
        await page.goto(appUrl(list.fullPath));
        if (findable) {
          await filterList(page, title, String(sample[title]));
          await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
        }
        return page.locator('.ant-table-row').filter({ has: page.locator(`a[href="/app${showPath}"]`) });
      };

      await (await newRow()).getByRole('button', { name: '查看' }).click();
      await page.waitForURL((url) => url.pathname === `/app${showPath}`);
      await page.getByTestId('record-details').waitFor();

      // Training data is exported as soon as it is made, and the export's end changes the record under an open
      // edit (which then asks to reload): a user edits it once its export has ended, as here.
      if (entity.name === 'training-data') {
        const statusOf = async () => {
          const reply = await fetch(`${baseUrl()}/api/v1${list.api}/get?id=${showPath.split('/').pop()}`, {
            headers: { authorization: `Bearer ${sessionKey}` },
          });
          return String((await reply.json()).data?.status);
        };
        await expect.poll(statusOf, { timeout: 30_000, interval: 250 }).toMatch(/success|failed/);
        await page.reload();
        await page.getByTestId('record-details').waitFor();
      }

      const editable = fieldEntries(entity).find(([, field]: [string, FieldDecl]) => field.edit === 'always' && field.widget === 'textarea');
      if (editable) {
        await page.getByRole('button', { name: /编\s*辑/ }).click();
        await expect.poll(() => page.locator(`#field-${editable[0]}`).inputValue(), { timeout: 10_000 }).toBe(String(sample[editable[0]])); // loaded
        await page.locator(`#field-${editable[0]}`).fill(`Edited in the browser ${run}`);
        await page.getByRole('button', { name: /保\s*存/ }).click();
        await page.getByTestId('record-details').getByText(`Edited in the browser ${run}`).waitFor();
      }

      if (!allows(permissionsOf(who), list.actions?.delete ?? list.effectiveAuth)) return context.close(); // kept for good (removal is a transition)
      const row = await newRow();
      await row.getByRole('button', { name: '删除' }).click();
      await page
        .locator('.ant-popconfirm')
        .getByRole('button', { name: /确\s*定/ })
        .click();
      await expect.poll(() => row.count()).toBe(0);
      await context.close();
    });
  else
    it(`lists its seed rows and opens one (as ${who.tenant}/${who.code}${primary ? ', who may not create' : ', a view'})`, async () => {
      const { context, page } = await signedInPage(browser(), who.tenant, who.code);
      await page.goto(appUrl(list.fullPath));
      const row = page.locator('.ant-table-row').first();
      await row.waitFor();
      if (!creatable(who)) await expect(page.getByRole('button', { name: /新\s*建/ }).count()).resolves.toBe(0);
      await row.getByRole('button', { name: '查看' }).click();
      await page.getByTestId('record-details').waitFor();
      await context.close();
    });

  if (forbidden)
    it(`is refused to ${forbidden.tenant}/${forbidden.code}: the 403 page, and the API unless another list of it is theirs`, async () => {
      const { context, page, sessionKey } = await signedInPage(browser(), forbidden.tenant, forbidden.code);
      await page.goto(appUrl(list.fullPath));
      await page.waitForURL(/\/app\/403$/);
      const reply = await fetch(`${baseUrl()}/api/v1${list.api}/query`, { headers: { authorization: `Bearer ${sessionKey}` } });
      expect(reply.status).toBe(canReadEntity(entity.name, permissionsOf(forbidden)) ? 200 : 403);
      await context.close();
    });
});

it('keeps every declared entity list reachable (the suite above covers them all)', async () => {
  // Accounts are declared too, but served by spec §7's own calls and listed by their own page (/console/space/account).
  expect(new Set(lists.map((list) => list.entity))).toEqual(new Set([...entityByName.keys()].filter((name) => name !== 'account')));
  expect((await apiSignIn('demo', 'admin')).account.code).toBe('admin');
});

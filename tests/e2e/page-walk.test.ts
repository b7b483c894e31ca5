import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { permissionsOf } from '../../model/access/permissions';
import { canOpen, flatten, isCatalogue, sectionEntries } from '../../model/resources/index';
import type { RouteEntry } from '../../model/resources/types';
import { ACCOUNTS, type Who } from '../server/helpers/entities';
import { appUrl, documentsAskedFor, pathOf, routeInPlace, signedInPage, useBrowser } from './helpers/browser';

/**
 * Every role over every page it may open, section by section, and from each list the first record's
 * page, reached from its row as a user would. Each page is loaded afresh by the first account that
 * may open it (its code and locale namespaces arrive as it renders, the way React's error
 * #520 showed up); the other accounts open it in place, as the router does on back and forward. A
 * page error on the way fails the test (useBrowser); so does a page that breaks into the error
 * fallback, never settles or forwards elsewhere, and a row that leads nowhere.
 */
const browser = useBrowser();

const mayOpen = (entry: RouteEntry, account: Who) => canOpen(entry, permissionsOf(account));

/** The pages of a section an account may open by address: no parameters, not a mere forward, not a catalogue. */
const pagesOf = (section: RouteEntry, account: Who) =>
  flatten(section).filter((entry) => !isCatalogue(entry) && !entry.fullPath.includes(':') && !entry.redirect && mayOpen(entry, account));

/** What a rendered page shows first: a panel, a card, the notice of a later page, or the error fallback. */
const RENDERED = ['.edp-panel', '.ant-card', '[data-testid="not-yet-available"]', '[data-testid="error-text"]'];
const LEFT = 'data-walk-left';

/** Marks what is on screen now, so that the next page is told apart from it (pages are keyed by route: they remount). */
const markCurrent = (page: Page) =>
  page.evaluate(({ selector, left }) => document.querySelectorAll(selector).forEach((element) => element.setAttribute(left, '')), {
    selector: RENDERED.map((part) => `.edp-content ${part}`).join(', '),
    left: LEFT,
  });

/** Every text's key path (`fields.bagName`): i18next shows the path of a text whose namespace did not load. */
const LOCALE = path.resolve(import.meta.dirname, '../../locales/zh_CN');
const keyPaths = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([key, inner]) => keyPaths(inner, prefix ? `${prefix}.${key}` : key))
    : prefix.includes('.')
      ? [prefix]
      : [];
const KEY_PATHS = new Set(readdirSync(LOCALE).flatMap((file) => keyPaths(JSON.parse(readFileSync(path.join(LOCALE, file), 'utf8')))));
const keysShown = async (page: Page) =>
  ((await page.locator('body').innerText()).match(/[A-Za-z]\w*(?:\.[A-Za-z]\w*)+/g) ?? []).filter((word) => KEY_PATHS.has(word));

/** The new page has rendered, did not break, is done loading (nothing spinning in it) and shows no text's key in place of the text. */
async function settled(page: Page, path: string) {
  const content = page.locator('.edp-content');
  await content
    .locator(RENDERED.map((part) => `${part}:not([${LEFT}])`).join(', '))
    .first()
    .waitFor();
  expect(await content.getByTestId('error-text').allInnerTexts(), `${path} broke into the error fallback`).toEqual([]);
  await expect.poll(() => content.locator('.ant-spin-spinning, .ant-skeleton-active').count(), { timeout: 20_000 }).toBe(0);
  expect(await keysShown(page), `${path} shows texts' keys`).toEqual([]);
}

/** Opens a page without reloading, as the router does on back and forward. */
async function openInPlace(page: Page, path: string) {
  await markCurrent(page);
  await routeInPlace(page, path);
  await settled(page, path);
}

describe.each(ACCOUNTS.map((account) => [`${account.tenant}/${account.code}`, account] as const))('as %s', (_name, account) => {
  for (const section of sectionEntries) {
    const pages = pagesOf(section, account);
    if (!pages.length) continue;
    it(`opens every page of /${section.path} without a page error (${pages.length} pages)`, { timeout: 60_000 + pages.length * 5_000 }, async () => {
      const { context, page } = await signedInPage(browser(), account.tenant, account.code);
      // A page that loads the document again by itself is named with where it went, not by what broke in the next step.
      const loads = documentsAskedFor(page);
      const walked = (path: string, step: Promise<void>) =>
        step.catch((error: unknown) => {
          throw new Error(`${path}: ${error instanceof Error ? error.message : String(error)}\n(documents asked for since it was opened: ${loads.join(', ')})`);
        });
      for (const [index, entry] of pages.entries()) {
        if (!index || ACCOUNTS.find((first) => mayOpen(entry, first)) === account) {
          await page.goto(appUrl(entry.fullPath));
          loads.length = 0;
          await walked(entry.fullPath, settled(page, entry.fullPath));
        } else {
          loads.length = 0;
          await walked(entry.fullPath, openInPlace(page, entry.fullPath));
        }
        expect(pathOf(page), `${entry.fullPath} forwarded elsewhere`).toBe(entry.fullPath);
        if (entry.view !== 'list') continue;
        await page.waitForURL(/currentPage=/); // the list wrote its paging into the address
        const view = page.locator('.ant-table-row').first().getByRole('button', { name: '查看' });
        if (!(await view.count())) continue; // nothing listed for this account
        await markCurrent(page);
        await view.click();
        await walked(`the first record of ${entry.fullPath}`, settled(page, `the first record of ${entry.fullPath}`));
        await page.getByTestId('record-details').waitFor();
      }
      await context.close();
    });
  }
});

import type { Page } from 'playwright-core';
import type { FieldDecl } from '../../../model/schemas/engine/types';

const OPEN = '.ant-select-dropdown:not(.ant-select-dropdown-hidden)';
const openDropdown = (page: Page) => page.locator(OPEN);
/** A select's dropdown animates out; the next select must not find the last one's options. */
const dropdownClosed = (page: Page) => page.waitForFunction((selector) => !document.querySelector(selector), OPEN);

/** Types a value into a generated form's control the way a user would, by the field's widget (a select takes its `option`-th choice). */
export async function fillField(page: Page, name: string, field: FieldDecl, value: unknown, option = 0): Promise<void> {
  const control = page.locator(`#field-${name}`);
  switch (field.widget) {
    case 'enum':
    case 'reference':
      await dropdownClosed(page);
      await page.locator(`.ant-select:has(#field-${name})`).click(); // the select, whatever its search input is doing
      await openDropdown(page).locator('.ant-select-item-option').nth(option).click();
      await dropdownClosed(page);
      return;
    case 'tags':
      await control.click();
      for (const tag of value as string[]) {
        await control.pressSequentially(tag);
        await control.press('Enter');
      }
      await control.press('Escape');
      await dropdownClosed(page);
      return;
    case 'datetime': {
      const date = new Date(String(value));
      const pad = (part: number) => String(part).padStart(2, '0');
      await control.click();
      await control.fill(
        `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`,
      );
      // Confirmed with the panel's OK, as a user would: Enter would also submit the form around it.
      await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-ok button').click();
      await page.waitForFunction(() => !document.querySelector('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)'));
      return;
    }
    case 'json':
    case 'code': {
      const editor = page
        .locator('.ant-form-item')
        .filter({ has: page.locator(`label[for="field-${name}"]`) })
        .locator('.monaco-editor');
      await editor.click();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.insertText(String(value));
      return;
    }
    case 'rating':
      await page
        .locator(`#field-${name} li`)
        .nth(Number(value) - 1)
        .click();
      return;
    case 'boolean':
      if (value) await control.click();
      return;
    case 'quota':
      return; // unlimited by default
    default:
      await control.fill(String(value));
  }
}

/** Filters a generated list by one field, as a user would: type into its filter, then press 查询. */
export async function filterList(page: Page, field: string, value: string): Promise<void> {
  await page.locator(`#filter-${field}`).fill(value);
  await page
    .getByRole('search')
    .getByRole('button', { name: /查\s*询/ })
    .click();
}

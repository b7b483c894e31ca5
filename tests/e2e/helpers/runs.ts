import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { apiSignIn, baseUrl } from './browser';

const MIB = 1024 ** 2;

/** A JSON API client signed in as `tenant/code` (the envelope's `data`, or a thrown error with the answer). */
export async function apiAs(tenant = 'demo', code = 'admin') {
  const { sessionKey } = await apiSignIn(tenant, code);
  const call = async <T = Record<string, unknown>>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl()}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${sessionKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
    return answer.data as T;
  };
  const records = async (path: string) => (await call<{ records: Record<string, unknown>[] }>('GET', path)).records;
  return {
    call,
    records,
    /** A manual task of the demo space running `code` (Python, on a seeded task's image). */
    createTask: async (name: string, code: string, extra: Record<string, unknown> = {}) => {
      const [seeded] = await records('/taskFlow/task/query?name=bag-slice-nightly');
      return call<{ id: number }>('POST', '/taskFlow/task/create', {
        name,
        owner: 'admin',
        taskType: 'data_processing',
        taskCategory: 'development',
        triggerType: 'manual',
        image: seeded!.image,
        memory: 512 * MIB,
        gpuCards: 0,
        timeoutTime: 600,
        environment: '',
        code,
        ...extra,
      });
    },
    /** Runs a task now: the new instance's id. */
    runTask: async (taskId: number) => (await call<{ id: number }>('POST', `/taskFlow/task/${taskId}/run`)).id,
    instance: (id: number) => call('GET', `/taskFlow/instance/get?id=${id}`),
    /** Waits (bounded) until the instance is in one of `statuses`. */
    waitForInstance: async (id: number, statuses: string[], timeout = 30_000) => {
      await expect.poll(async () => String((await call('GET', `/taskFlow/instance/get?id=${id}`)).status), { timeout, interval: 250 }).toBeOneOf(statuses);
      return call('GET', `/taskFlow/instance/get?id=${id}`);
    },
    logTotal: async (id: number) => (await call<{ total: number }>('GET', `/taskFlow/instance/${id}/logs?limit=1`)).total,
  };
}

/** A record page's value for a field label (a bordered Descriptions: th label, td value). */
export const detailValue = (page: Page, label: string) =>
  page
    .getByTestId('record-details')
    .locator('th.ant-descriptions-item-label')
    .filter({ hasText: new RegExp(`^\\s*${label}\\s*$`) })
    .locator('xpath=following-sibling::td[1]');

/** A list row's cell under the column headed `header`. */
export async function cellOf(page: Page, row: Locator, header: string): Promise<Locator> {
  const headers = (await page.locator('.ant-table-thead > tr > th').allInnerTexts()).map((text) => text.trim());
  const index = headers.indexOf(header);
  if (index < 0) throw new Error(`no column ${header} among ${JSON.stringify(headers)}`);
  return row.locator('> td').nth(index);
}

/** The first visible popconfirm's OK (a transition that asks first). */
export async function confirmPopup(page: Page) {
  await page
    .locator('.ant-popconfirm:not(.ant-popover-hidden)')
    .getByRole('button', { name: /确\s*定/ })
    .click();
}

/** A short unique suffix: names stay unique when the suite runs twice against one server. */
export const runTag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

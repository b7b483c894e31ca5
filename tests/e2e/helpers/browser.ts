import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { CHROMIUM } from '../../chromium-for-tests';
import { cipherDigest } from '../../server/helpers/spec-client';

export const baseUrl = () => inject('baseUrl');
export const seedPassword = () => inject('seedPassword');
export const appUrl = (path = '') => `${baseUrl()}/app${path}`;

/** One headless Chromium per test file (flags as this machine's closed network needs). */
export function useBrowser() {
  const holder: { browser?: Browser } = {};
  beforeAll(async () => {
    holder.browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  });
  afterAll(async () => holder.browser?.close());
  return () => holder.browser!;
}

/** A client address of its own for each browser context or API client (the server trusts the proxy header). */
export const clientAddress = () => ({ 'x-forwarded-for': `10.${(Math.random() * 250) | 0}.${(Math.random() * 250) | 0}.${((Math.random() * 250) | 0) + 1}` });

export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, extraHTTPHeaders: clientAddress() });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  return { context, page };
}

/** Signs in through the form, as a user would. */
export async function signInThroughForm(page: Page, tenantCode: string, accountName: string, password = seedPassword()) {
  await page.goto(appUrl('/login'));
  await page.locator('#tenantCode').fill(tenantCode);
  await page.locator('#accountName').fill(accountName);
  await page.locator('#password').fill(password);
  await page.getByRole('button', { name: /登\s*录|Login/ }).click();
}

/** A session taken over the API (spec §7), for tests about what comes after sign-in. */
export async function apiSignIn(tenantCode: string, code: string, password = seedPassword()) {
  const from = clientAddress();
  const nonce = (await (await fetch(`${baseUrl()}/api/v1/console/nonce/generate`, { headers: from })).json()).data;
  const response = await fetch(`${baseUrl()}/api/v1/console/account/login/code-pwd`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...from },
    body: JSON.stringify({ tenantCode, code, cipherDigest: cipherDigest(password, nonce.randomKey), nonceId: nonce.id }),
  });
  const body = await response.json();
  if (response.status !== 200) throw new Error(`sign-in of ${tenantCode}/${code}: ${JSON.stringify(body)}`);
  return body.data as { sessionKey: string; account: Record<string, unknown>; tenant: Record<string, unknown> };
}

/** An account created by the demo administrator over the API (spec §7 payload, no cipherPassword: must change it). */
export async function createAccount(role: string, accountCode: string, accountName: string, password: string) {
  const admin = await apiSignIn('demo', 'admin');
  const nonce = (await (await fetch(`${baseUrl()}/api/v1/console/nonce/generate`)).json()).data;
  const response = await fetch(`${baseUrl()}/api/v1/console/account/create-account`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.sessionKey}` },
    body: JSON.stringify({ role, accountCode, accountName, cipherDigest: cipherDigest(password, nonce.randomKey), nonceId: nonce.id }),
  });
  if (response.status !== 200) throw new Error(`create-account ${accountCode}: ${await response.text()}`);
}

/** A page already signed in as `code` of `tenantCode` (the stored session of spec §3). */
export async function signedInPage(browser: Browser, tenantCode: string, code: string, password = seedPassword()) {
  const { sessionKey, account, tenant } = await apiSignIn(tenantCode, code, password);
  const { context, page } = await newPage(browser);
  await context.addInitScript(
    ({ sessionKey, userInfo }) => {
      if (sessionStorage.getItem('e2e-seeded')) return; // only the first load: later sign-outs must stick
      sessionStorage.setItem('e2e-seeded', '1');
      localStorage.setItem('userToken', sessionKey);
      localStorage.setItem('userInfoStore', JSON.stringify({ state: { userInfo }, version: 0 }));
    },
    { sessionKey, userInfo: { ...account, tenant } },
  );
  return { context, page, sessionKey };
}

export const pathOf = (page: Page) => new URL(page.url()).pathname.replace(/^\/app/, '') || '/';

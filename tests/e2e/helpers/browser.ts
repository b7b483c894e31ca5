import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { MISSING_STYLE } from '../../../src/boot/shims/antd-style-generators';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../chromium-for-tests';
import { cipherDigest, encrypt } from '../../server/helpers/spec-client';

export const baseUrl = () => inject('baseUrl');
export const seedPassword = () => inject('seedPassword');
export const appUrl = (path = '') => `${baseUrl()}/app${path}`;

/** What a page logs about the error behind a page error (React's recoverable errors carry it as `cause`). */
const CAUSE_PREFIX = '[cause of the page error]';
/**
 * What a page logs when a route's code would not load or run: the console then reloads the page, as
 * after a deploy (src/providers/version.ts), which would hide the error; no deploy happens in a test.
 */
const CODE_FAILED_PREFIX = "[a route's code failed]";
/** How long closing what a test left open is waited for. */
const CLOSE_MS = 15_000;
/** A stack's first lines: enough to tell where, short enough to read a dozen of them. */
const head = (text: string) => text.split('\n').slice(0, 12).join('\n');

/**
 * Every page error of every page of every context of this browser (uncaught exceptions and unhandled
 * rejections, and React's recoverable errors, which it reports the same way), in the order they came,
 * and every antd style a page found missing from the built stylesheets.
 */
function watchPageErrors(browser: Browser) {
  const errors: string[] = [];
  /** Causes logged by the page just before the page error they belong to. */
  const causes: string[] = [];
  /** The contexts opened during the running test, to close should it leave any open (a failure midway). */
  const opened = new Set<BrowserContext>();
  let testRunning = false;
  browser.on('context', (context) => {
    if (testRunning) opened.add(context);
    context.on('close', () => opened.delete(context));
    context.on('weberror', (webError) => {
      const error = webError.error();
      const where = webError.page()?.url() ?? 'a page';
      const stack = error.stack?.includes(error.message) ? error.stack : `${error.message}\n${error.stack ?? ''}`;
      const entry = [`${where}: ${head(stack)}`, ...causes.splice(0).map((cause) => head(cause).replace(/^/gm, '    '))].join('\n');
      errors.push(entry);
      console.error('page error at', entry);
    });
    context.on('console', (message) => {
      if (message.type() === 'error' && message.text().startsWith(CAUSE_PREFIX)) causes.push(message.text());
      if (message.type() === 'error' && message.text().startsWith(CODE_FAILED_PREFIX))
        errors.push(`${message.page()?.url() ?? 'a page'}: ${head(message.text())}`);
      // Drawn in the default theme, every antd style is in the built stylesheets (scripts/antd-static-style.ts).
      if (message.type() === 'warning' && message.text().includes(MISSING_STYLE)) errors.push(`${message.page()?.url() ?? 'a page'}: ${message.text()}`);
    });
    void context
      .addInitScript(
        ([causePrefix, codePrefix]) => {
          const told = (error: unknown) => (error instanceof Error ? (error.stack ?? error.message) : String(error));
          addEventListener('error', (event) => {
            const cause = (event.error as { cause?: unknown } | undefined)?.cause;
            if (cause) console.error(`${causePrefix} ${told(cause)}`);
          });
          addEventListener('vite:preloadError', (event) => console.error(`${codePrefix} ${told((event as Event & { payload?: unknown }).payload)}`));
        },
        [CAUSE_PREFIX, CODE_FAILED_PREFIX],
      )
      .catch(() => undefined); // a context closed at once
  });
  return {
    testStarts: () => {
      testRunning = true;
    },
    /** Closes what the test left open, then throws if any page error happened since the last check. */
    testEnds: async () => {
      testRunning = false;
      // A browser that no longer answers must not hold the next test for the hook's whole timeout.
      const given = new Promise((resolve) => setTimeout(resolve, CLOSE_MS).unref());
      await Promise.race([Promise.all([...opened].map((context) => context.close().catch(() => undefined))), given]);
      opened.clear();
      throwIfAny();
    },
    throwIfAny,
  };

  function throwIfAny() {
    const happened = errors.splice(0);
    causes.length = 0;
    if (happened.length) throw new Error(`${happened.length} page error(s) during this test:\n${happened.join('\n')}`);
  }
}

/**
 * One headless Chromium per test file (flags as this machine's closed network needs). A test during
 * which any page of it had a page error fails, whatever it asserted itself.
 */
export function useBrowser() {
  const holder: { browser?: Browser; watch?: ReturnType<typeof watchPageErrors> } = {};
  beforeAll(async () => {
    holder.browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: CHROMIUM_FLAGS,
    });
    holder.watch = watchPageErrors(holder.browser);
  });
  beforeEach(() => holder.watch?.testStarts());
  afterEach(async () => holder.watch?.testEnds());
  afterAll(async () => {
    try {
      holder.watch?.throwIfAny(); // from the file's own hooks
    } finally {
      await holder.browser?.close();
    }
  });
  return () => holder.browser!;
}

/** A client address of its own for each browser context or API client (the server trusts the proxy header). */
export const clientAddress = () => ({ 'x-forwarded-for': `10.${(Math.random() * 250) | 0}.${(Math.random() * 250) | 0}.${((Math.random() * 250) | 0) + 1}` });

export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, extraHTTPHeaders: clientAddress() });
  const page = await context.newPage(); // its page errors fail the test (useBrowser)
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

/**
 * Opens the user menu by pointing at it, once its Dropdown has been made after the shell's first frame
 * (DeferredDropdown): a pointer that arrives as the placeholder is swapped for it is a race of the
 * browser's hover events, which deferred-dropdown.test.tsx covers; these tests are about the menu.
 */
export async function openUserMenu(page: Page) {
  await page.locator('[data-testid="user-menu"].ant-dropdown-trigger').hover();
  const items = page.locator('.ant-dropdown-menu').getByRole('menuitem');
  await items.last().waitFor();
  return items;
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
/** An account of the demo space; `oneTime`: its password is the administrator's, to be changed at first sign-in. */
export async function createAccount(role: string, accountCode: string, accountName: string, password: string, { oneTime = true } = {}) {
  const admin = await apiSignIn('demo', 'admin');
  const nonce = (await (await fetch(`${baseUrl()}/api/v1/console/nonce/generate`)).json()).data;
  const response = await fetch(`${baseUrl()}/api/v1/console/account/create-account`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.sessionKey}` },
    body: JSON.stringify({
      role,
      accountCode,
      accountName,
      cipherDigest: cipherDigest(password, nonce.randomKey),
      nonceId: nonce.id,
      ...(oneTime ? {} : { cipherPassword: encrypt(password, nonce.randomKey) }),
    }),
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

/** Opens a console page without loading the document again, as the router does on back and forward. */
export const routeInPlace = (page: Page, path: string) =>
  page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, appUrl(path));

/**
 * The documents the page asks for from now on (its own reloads among them), each as its request
 * starts: a step that fails because the page went away can then say where it went.
 */
export function documentsAskedFor(page: Page): string[] {
  const documents: string[] = [];
  page.on('request', (request) => void (request.isNavigationRequest() && request.frame() === page.mainFrame() && documents.push(request.url())));
  return documents;
}

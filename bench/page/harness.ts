import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../tests/chromium-for-tests';
import { cipherDigest } from '../../tests/server/helpers/spec-client';
import { startServer, type ServerProcess } from '../../tests/server/helpers/server-process';
import { PROBE, sessionScript, type Probe, type RowsEntry } from './probe';

export const PASSWORD = 'Bench-Pass-2026';
export const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));

export const load1 = () => loadavg()[0]!.toFixed(2);

export interface Bench {
  server: ServerProcess;
  origin: string;
  browser: Browser;
  session: { sessionKey: string; userInfo: Record<string, unknown> };
  /** Something more for close() to stop (first), e.g. Lighthouse's own Chromium; returns its undo. */
  defer: (stop: () => unknown) => () => void;
  close: () => Promise<void>;
}

/**
 * `npm start` on a fresh data directory (as tests/e2e/global-setup.ts), a session of demo/admin over
 * the API, one Chromium. `expose` is handed the closing at once, before anything is started.
 */
export async function openBench(expose: (close: () => Promise<void>) => void = () => {}): Promise<Bench> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'edp-bench-page-'));
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  const deferred = new Set<() => unknown>();
  const defer = (stop: () => unknown) => {
    deferred.add(stop);
    return () => void deferred.delete(stop);
  };
  let starting: Promise<unknown> | undefined;
  let closing: Promise<void> | undefined;
  // One closing, however often asked (the end of the run, a failure, a signal): all wait for it.
  const close = () =>
    (closing ??= (async () => {
      await starting?.catch(() => undefined); // a server still starting is stopped once it is up
      for (const stop of deferred) await Promise.resolve(stop()).catch(() => undefined);
      await browser?.close().catch(() => undefined);
      await server?.stop('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    })());
  expose(close); // so a signal during the start (the console build can take minutes) stops what started
  try {
    const started = startServer({ DATA_DIR: dataDir, EDP_SEED_PASSWORD: PASSWORD, TRUST_PROXY: 'true' });
    starting = started.then((process) => (server = process));
    server = await started;
    if (server.child.exitCode !== null) throw new Error(`the server did not start:\n${server.output()}`);
    const origin = `http://127.0.0.1:${server.port}`;
    const session = await apiSignIn(origin, 'demo', 'admin');
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
    return { server, origin, browser, session, defer, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** spec §7 sign-in (nonce + cipherDigest) from `address` (the bench servers trust X-Forwarded-For): the answer's data. */
export async function signInAnswer(origin: string, address: string, tenantCode: string, code: string): Promise<Record<string, unknown>> {
  const from = { 'x-forwarded-for': address };
  const nonce = (await (await fetch(`${origin}/api/v1/console/nonce/generate`, { headers: from })).json()).data;
  const response = await fetch(`${origin}/api/v1/console/account/login/code-pwd`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...from },
    body: JSON.stringify({ tenantCode, code, cipherDigest: cipherDigest(PASSWORD, nonce.randomKey), nonceId: nonce.id }),
  });
  const body = await response.json();
  if (response.status !== 200) throw new Error(`sign-in of ${tenantCode}/${code}: ${JSON.stringify(body)}`);
  return body.data;
}

/** spec §7 sign-in, as apiSignIn of tests/e2e/helpers/browser.ts. */
export async function apiSignIn(origin: string, tenantCode: string, code: string) {
  const { sessionKey, account, tenant } = await signInAnswer(origin, '10.99.0.1', tenantCode, code);
  return { sessionKey: sessionKey as string, userInfo: { ...(account as object), tenant } as Record<string, unknown> };
}

export interface Fresh {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
}

/** The addresses each fresh page's documents asked for themselves: their parser's requests, not a script's (waterfall.ts). */
const parserRequests = new WeakMap<Page, Set<string>>();
export const askedByParser = (page: Page) => parserRequests.get(page) ?? new Set<string>();

/** A cold start: a new browser context (its own empty HTTP cache and storage), cache cleared once more over CDP, signed in, probed. */
export async function freshPage(bench: Bench): Promise<Fresh> {
  const context = await bench.browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addInitScript(sessionScript(bench.session.sessionKey, bench.session.userInfo));
  await context.addInitScript(PROBE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const byParser = new Set<string>();
  parserRequests.set(page, byParser);
  cdp.on('Network.requestWillBeSent', ({ request, initiator }) => void (initiator.type === 'parser' && byParser.add(request.url)));
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  return { context, page, cdp };
}

/**
 * The value of a plain expression in the page, read over the DevTools protocol. Playwright's own
 * evaluate and waitForFunction first install its injected script in the page: a script evaluation of
 * about 50 ms at 4× CPU, in the middle of the load being measured (the harness's work, not the
 * console's). An expression evaluated this way is the only script the harness runs in the page.
 */
const sessions = new WeakMap<Page, Promise<CDPSession>>();
/** An exception the expression threw in the page (not the protocol's failure to evaluate it). */
class PageException extends Error {}
export async function pageValue<T>(page: Page, expression: string): Promise<T> {
  let session = sessions.get(page);
  if (!session) sessions.set(page, (session = page.context().newCDPSession(page)));
  const { result, exceptionDetails } = await (await session).send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true });
  if (exceptionDetails) throw new PageException(`in the page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
  return result.value as T;
}

export const probeOf = (page: Page) => pageValue<Probe>(page, 'window.__bench');

/** Waits for the first rows entry matching `test` whose frame has come with its first row visible, and returns it. */
export async function waitRows(page: Page, test: { minCount?: number; after?: number; path?: string; notFirst?: string } = {}, timeout = 60_000) {
  const wanted = { minCount: test.minCount ?? 1, after: test.after ?? -1, path: test.path ?? '', notFirst: test.notFirst ?? null };
  const expression = `(() => {
    const t = ${JSON.stringify(wanted)};
    return (window.__bench?.rows ?? []).find((entry) => entry.frame !== null && entry.visible === true && entry.count >= t.minCount &&
      entry.dom > t.after && entry.path.includes(t.path) && (t.notFirst === null || entry.first !== t.notFirst)) ?? null;
  })()`;
  return waitValue<RowsEntry & { frame: number }>(page, expression, timeout, `rows matching ${JSON.stringify(wanted)}`);
}

/** Polls `expression` in the page (pageValue) every 50 ms until it is truthy, and returns its value. */
export async function waitValue<T>(page: Page, expression: string, timeout: number, what = expression): Promise<T> {
  const until = Date.now() + timeout;
  for (;;) {
    // A navigation between two polls leaves no context to evaluate in for a moment: poll again. An
    // exception of the expression itself is a mistake of the bench, told at once, not after `timeout`.
    const found = await pageValue<T | null>(page, expression).catch((error: unknown) => {
      if (error instanceof PageException) throw error;
      return null;
    });
    if (found) return found;
    if (Date.now() > until) throw new Error(`waited ${timeout} ms for ${what}`);
    await sleep(50);
  }
}

/** Lets the page settle: no request in flight for 500 ms (at most `limit` ms). */
export const settle = (page: Page, limit = 10_000) => page.waitForLoadState('networkidle', { timeout: limit }).catch(() => undefined);

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Stats {
  median: number;
  min: number;
  max: number;
  samples: number[];
}

export function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]!, samples };
}

/** Runs `once` RUNS times (each given its run number), reporting progress with the machine's load. */
export async function repeat<T>(label: string, once: (run: number) => Promise<T>, runs = RUNS): Promise<T[]> {
  const results: T[] = [];
  const started = performance.now();
  const loadBefore = load1();
  for (let run = 0; run < runs; run += 1) {
    if (process.stdout.isTTY) process.stdout.write(`\r  ${label}: run ${run + 1}/${runs} (load ${load1()})   `);
    results.push(await once(run));
  }
  const took = ((performance.now() - started) / 1000).toFixed(0);
  const line = `  ${label}: ${runs} runs in ${took} s, 1-minute load ${loadBefore} → ${load1()}`;
  process.stdout.write(process.stdout.isTTY ? `\r${line}          \n` : `${line}\n`);
  return results;
}

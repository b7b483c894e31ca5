/**
 * Figure 7: Lighthouse's mobile performance score (its default: a Moto G Power, simulated slow 4G
 * and 4× CPU) of the sign-in page and of the raw-data list, RUNS times each.
 *
 * Chromium is /usr/bin/chromium, started by chrome-launcher (Lighthouse's own launcher) headless with
 * this machine's flags; Lighthouse's Node API drives it over its debugging port. Before each run
 * Lighthouse clears the HTTP cache and some storage of the origin (Lighthouse 12.8's default
 * clearStorageTypes: file systems, shader cache, service workers, cache storage; not localStorage).
 * So for the list the session is put into the profile's localStorage once, through a page of the
 * origin opened over CDP (playwright-core's connectOverCDP, disconnected again before Lighthouse
 * runs); the sign-in page is measured before that, while the profile holds no session. A list run
 * counts only if Lighthouse ended on the list and the list's data request was made (else: signed out).
 */
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../tests/chromium-for-tests';
import { repeat, type Bench } from './harness';
import { sessionScript } from './probe';

export interface LighthouseResult {
  version: string;
  signIn: number[];
  list: number[];
  /** Why the list has no score, if it has none. */
  listProblem?: string;
  /** Runs that failed three times (left out of the figures). */
  failures: string[];
  metrics: Record<string, Record<string, number[]>>;
}

const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'speed-index', 'cumulative-layout-shift'];

/** `{ skipped: why }` when Lighthouse is not installed or cannot run here: the benchmark goes on without it. */
export async function runLighthouse(bench: Bench, listPath: string): Promise<LighthouseResult | { skipped: string }> {
  let lighthouse: typeof import('lighthouse').default;
  let launch: typeof import('chrome-launcher').launch;
  try {
    lighthouse = (await import('lighthouse')).default;
    launch = (await import('chrome-launcher')).launch;
  } catch (error) {
    return { skipped: `lighthouse is not installed (${(error as Error).message.split('\n')[0]})` };
  }
  const version = (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version as string;
  let chrome: Awaited<ReturnType<typeof launch>> | undefined;
  let undo = () => {};
  try {
    // handleSIGINT off: the benchmark's own signal handler stops this Chromium with the rest (bench.defer)
    chrome = await launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless', ...CHROMIUM_FLAGS, '--disable-dev-shm-usage'],
      logLevel: 'silent',
      handleSIGINT: false,
    });
    const launched = chrome;
    undo = bench.defer(() => launched.kill());
    const port = chrome.port;
    const metrics: LighthouseResult['metrics'] = { signIn: {}, list: {} };
    const once = async (url: string, kind: 'signIn' | 'list') => {
      const result = await lighthouse(url, { port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' });
      const lhr = result?.lhr;
      if (!lhr) throw new Error('Lighthouse returned no result');
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      for (const id of METRICS) (metrics[kind]![id] ??= []).push(lhr.audits[id]?.numericValue ?? NaN);
      const requests = (lhr.audits['network-requests']?.details as { items?: { url: string }[] } | undefined)?.items ?? [];
      return { score: Math.round((lhr.categories.performance?.score ?? 0) * 100), final: lhr.finalDisplayedUrl, requests: requests.map((item) => item.url) };
    };
    const failures: string[] = [];
    /** One run, tried again (at most twice) when Lighthouse fails (NO_NAVSTART and the like come and go on a busy machine). */
    const tried = async <T>(run: () => Promise<T>): Promise<T | undefined> => {
      for (let attempt = 1; ; attempt += 1)
        try {
          return await run();
        } catch (error) {
          const message = (error as Error).message.split('\n')[0]!;
          if (attempt === 3) return void failures.push(message);
          console.log(`\n  (Lighthouse failed, trying again: ${message})`);
        }
    };
    const signIn: number[] = [];
    await repeat('Lighthouse sign-in', async () => {
      const run = await tried(() => once(`${bench.origin}/app/login`, 'signIn'));
      if (run) signIn.push(run.score);
    });

    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    try {
      const page = await cdp.contexts()[0]!.newPage();
      await page.goto(`${bench.origin}/app/favicon.svg`);
      await page.evaluate(sessionScript(bench.session.sessionKey, bench.session.userInfo));
      await page.close();
    } finally {
      await cdp.close(); // a connected browser is only disconnected from, not closed
    }
    const list: number[] = [];
    let listProblem: string | undefined;
    await repeat('Lighthouse list', async () => {
      const run = await tried(() => once(bench.origin + listPath, 'list'));
      if (!run) return;
      if (!new URL(run.final).pathname.startsWith(listPath) || !run.requests.some((url) => url.includes('/api/v1/data/bag/query')))
        listProblem = `a run ended on ${run.final} without the list's data request: not signed in`;
      else list.push(run.score);
    });
    if (!signIn.length && !list.length) return { skipped: `Lighthouse could not run here: ${failures[0] ?? listProblem}` };
    return { version, signIn, list, metrics, failures, ...(list.length ? {} : { listProblem: listProblem ?? failures.at(-1) ?? 'no run' }) };
  } catch (error) {
    return { skipped: `Lighthouse could not run here: ${(error as Error).message.split('\n')[0]}` };
  } finally {
    undo();
    await chrome?.kill();
  }
}

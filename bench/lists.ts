/**
 * npm run bench:lists — every list route and the record page of its first row, each loaded cold
 * ("every list and detail page shows its data"). As bench:page: `npm start` on a fresh data
 * directory with demo data, a new browser context per load; the space's lists as demo/admin, the
 * platform's (console/system) as platform/admin. Per route, one load: navigation → the frame that
 * paints the first row (probe.ts) or the record's details, the request steps before its data request
 * (waterfall.ts; goal ≤ 2), and any page error or HTTP error answer. Ends with median and max.
 */
import type { Page } from 'playwright-core';
import { routeEntries } from '../model/resources/index';
import { timingOf } from './page/figures';
import { apiSignIn, freshPage, load1, openBench, sleep, stats, waitRows, waitValue, type Bench } from './page/harness';
import { requestSteps } from './page/waterfall';

/** The first frame after the record's details are in the DOM, from navigation start. */
const RECORD_PROBE = `new MutationObserver((records, observer) => {
  if (!document.querySelector('[data-testid="record-details"]')) return;
  observer.disconnect();
  requestAnimationFrame(() => (window.__record = performance.now()));
}).observe(document, { childList: true, subtree: true });`;

interface Load {
  ms?: number;
  steps?: number;
  errors: string[];
}

/** One cold load of `path`: until `ready` resolves its frame time (or fails), steps before the request to `dataPath`. */
async function coldLoad(bench: Bench, path: string, dataPath: string, ready: (page: Page) => Promise<number>, init?: string) {
  const { page, context } = await freshPage(bench);
  const load: Load & { firstRow?: string } = { errors: [] }; // firstRow: the address its view link opens
  page.on('pageerror', (error) => load.errors.push(String(error).slice(0, 120)));
  page.on('response', (response) => void (response.status() >= 400 && load.errors.push(`${response.status()} ${new URL(response.url()).pathname}`)));
  if (init) await page.addInitScript(init);
  try {
    await page.goto(bench.origin + path, { waitUntil: 'commit' });
    load.ms = await ready(page).catch(() => undefined);
    await sleep(200); // the data request's timing entry is written when its body has been read
    load.steps = requestSteps(await timingOf(page), dataPath).steps;
    load.firstRow = (await page.getAttribute(FIRST_ROW_VIEW, 'href', { timeout: 1000 }).catch(() => null)) ?? undefined;
  } catch (error) {
    load.errors.push(String(error).split('\n')[0]!.slice(0, 120));
  } finally {
    await context.close();
  }
  return load;
}

const rows = (page: Page) => waitRows(page, {}, 20_000).then((entry) => entry.frame);
const record = (page: Page) => waitValue<number>(page, 'window.__record', 20_000, 'the record page');

/** The first row's view link, among its actions (the column kept at the right edge). */
const FIRST_ROW_VIEW = 'tr.ant-table-row td.edp-sticky-end a[href]:not([href$="/edit"])';
const cell = (load: Load) => `${load.ms === undefined ? '–' : load.ms.toFixed(0)} ms, ${load.steps ?? '?'} steps`.padEnd(18);

async function main() {
  const lists = routeEntries.filter((entry) => entry.view === 'list' && entry.api && !entry.fullPath.includes(':'));
  const bench = await openBench();
  const platform = { ...bench, session: await apiSignIn(bench.origin, 'platform', 'admin') };
  console.log(`${lists.length} lists, 1-minute load ${load1()}\n${'route'.padEnd(48)}${'list'.padEnd(18)}record of its first row`);
  const listTimes: number[] = [];
  const recordTimes: number[] = [];
  let overSteps = 0;
  try {
    for (const list of lists) {
      const as = list.fullPath.startsWith('/console/system') ? platform : bench;
      const shown = await coldLoad(as, `/app${list.fullPath}`, `/api/v1${list.api}/query`, rows);
      // Every page of an entity asks the API of its list (resources/index.ts): a record by id (get) or by name (query).
      const opened = shown.firstRow ? await coldLoad(as, shown.firstRow, `/api/v1${list.api}/`, record, RECORD_PROBE) : undefined;
      for (const load of [shown, opened]) if (load?.steps !== undefined && load.steps > 2) overSteps += 1;
      if (shown.ms !== undefined) listTimes.push(shown.ms);
      if (opened?.ms !== undefined) recordTimes.push(opened.ms);
      const note = shown.ms === undefined ? '(no rows)' : !opened ? '' : opened.ms === undefined ? '(no details)' : '';
      const errors = [...shown.errors, ...(opened?.errors ?? [])];
      console.log(`${list.fullPath.padEnd(48)}${cell(shown)}${opened ? cell(opened) : '–'.padEnd(18)}${note} ${errors.slice(0, 3).join(' | ')}`);
    }
  } finally {
    await bench.close();
  }
  const line = (label: string, times: number[]) => {
    const { median, max } = stats(times);
    return `${label}: ${times.length} loads, nav → data drawn median ${median.toFixed(0)} ms, max ${max.toFixed(0)} ms`;
  };
  console.log(`\n${line('lists', listTimes)}\n${line('record pages', recordTimes)}`);
  console.log(`loads with more than 2 request steps before their data: ${overSteps} (goal 0); 1-minute load ${load1()}`);
  process.exitCode = overSteps ? 1 : 0;
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

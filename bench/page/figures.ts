import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { askedByParser, freshPage, pageValue, probeOf, repeat, settle, sleep, waitRows, type Bench, type Fresh } from './harness';
import type { Timing } from './waterfall';

export const RAW_DATA = '/app/data/lake/raw-data';
export const TRAINING_DATA = '/app/data/lake/training-data';
const DATA_QUERY = '/api/v1/data/bag/query';

export async function withFresh<T>(bench: Bench, body: (fresh: Fresh) => Promise<T>): Promise<T> {
  const fresh = await freshPage(bench);
  try {
    return await body(fresh);
  } finally {
    await fresh.context.close();
  }
}

/** The document (navigation entry, start 0) and every resource the page fetched, as Resource Timing has them. */
export const timingOf = async (page: Page): Promise<Timing[]> => {
  const byParser = askedByParser(page);
  return (await resourceTiming(page)).map((entry) => ({ ...entry, byParser: byParser.has(entry.url) }));
};

const resourceTiming = (page: Page): Promise<Timing[]> =>
  page.evaluate(() => [
    ...(performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]).map((entry) => ({
      url: entry.name,
      type: 'document',
      start: 0,
      end: entry.responseEnd,
    })),
    ...(performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
      url: entry.name,
      type: entry.initiatorType,
      start: entry.startTime,
      end: entry.responseEnd,
    })),
  ]);

/** The list's data request whose answer the rows at `rowsDom` show: the last one answered before them. */
function dataRequest(timing: Timing[], rowsDom: number, pageSize: number) {
  const answered = timing.filter((entry) => entry.url.includes(DATA_QUERY) && entry.end <= rowsDom);
  const request = answered.at(-1);
  if (!request) throw new Error(`no ${DATA_QUERY} answered before the rows (${timing.filter((entry) => entry.url.includes(DATA_QUERY)).length} sent)`);
  if (!request.url.includes(`pageSize=${pageSize}`)) throw new Error(`the rows came from ${request.url}, not a page of ${pageSize}`);
  return { request };
}

/** The page's first contentful paint (the frame's, or the page's when none was drawn), ms from navigation start. */
const firstPaintOf = (page: Page): Promise<number> => page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN);

/**
 * Figures 1, 2 (20 rows) and 6: a cold navigation to the raw-data list (new context), then a warm
 * one (a second navigation to the same address in the same context: scripts and styles come from
 * the HTTP cache, the document is revalidated). nav→rows = the probe's `frame` time, i.e. ms from
 * navigation start (performance.now()'s origin) to the frame that paints the first visible row;
 * API→rows = the probe's `dom` time minus the data request's Resource Timing `responseEnd`. With each,
 * the first paint: the browser's first contentful paint, which the console's frame makes before its code is in.
 */
export async function navigationRuns(bench: Bench) {
  return repeat('nav → rows (cold, warm), API → rows (20)', () =>
    withFresh(bench, async ({ page }) => {
      await page.goto(bench.origin + RAW_DATA, { waitUntil: 'commit' });
      const cold = await waitRows(page);
      const all = await waitRows(page, { minCount: 20 });
      const { request } = dataRequest(await timingOf(page), all.dom, 20);
      await settle(page);
      const coldTiming = await timingOf(page); // after settling: a second data request would show here
      const coldPaint = await firstPaintOf(page);
      const sent = coldTiming.filter((entry) => entry.url.includes(DATA_QUERY)).length;
      const probeCost = (await probeOf(page)).cost.ms;
      await page.goto(bench.origin + RAW_DATA, { waitUntil: 'commit' });
      const warm = await waitRows(page);
      await settle(page);
      return {
        cold: cold.frame,
        warm: warm.frame,
        coldPaint,
        warmPaint: await firstPaintOf(page),
        apiToRows: all.dom - request.end,
        dataRequestsSent: sent,
        timing: coldTiming,
        probeCost,
      };
    }),
  );
}

/** Figure 2 at 100 rows: a cold load of the list with `pageSize=100` in its address (the list reads its paging from there). */
export async function apiToRows100(bench: Bench) {
  return repeat('API → rows (100)', () =>
    withFresh(bench, async ({ page }) => {
      await page.goto(`${bench.origin}${RAW_DATA}?pageSize=100&currentPage=1`, { waitUntil: 'commit' });
      const rows = await waitRows(page, { minCount: 100 });
      const { request } = dataRequest(await timingOf(page), rows.dom, 100);
      return rows.dom - request.end;
    }),
  );
}

/**
 * Figure 3: total blocking time of a cold list load with the renderer's CPU slowed 4× over CDP. The
 * window starts at navigation start and ends once the rows are visible and then the main thread has
 * had no long task for 1 s (a quiet window; at most 15 s after the rows); TBT = Σ (duration − 50 ms)
 * of the 'longtask' entries inside it. (Lighthouse counts from first contentful paint instead.)
 */
export async function blockingRuns(bench: Bench) {
  return repeat('TBT at 4× CPU', () =>
    withFresh(bench, async ({ page, cdp }) => {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(bench.origin + RAW_DATA, { waitUntil: 'commit' });
      const rows = await waitRows(page, {}, 120_000);
      for (;;) {
        await sleep(250);
        const { now, lastEnd } = await pageValue<{ now: number; lastEnd: number }>(
          page,
          '({ now: performance.now(), lastEnd: Math.max(0, ...window.__bench.longTasks.map((task) => task.start + task.duration)) })',
        );
        if (now - Math.max(rows.frame, lastEnd) >= 1000 || now - rows.frame > 15_000) break;
      }
      const { longTasks } = await probeOf(page);
      const tbt = longTasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
      const longest = Math.max(0, ...longTasks.map((task) => task.duration));
      return { tbt, rows: rows.frame, longTasks: longTasks.length, longest };
    }),
  );
}

/**
 * Figure 4: in a cold context the raw-data list loads and settles; then the side menu's
 * "training data" item is clicked. From the click event's timeStamp (in the page, so Playwright's
 * own work before dispatching it does not count) to the frame painting the first training-data row
 * (a visible row on the new path whose text is not the old first row's).
 */
export async function routeSwitchRuns(bench: Bench) {
  return repeat('route switch', () =>
    withFresh(bench, async ({ page }) => {
      await page.goto(bench.origin + RAW_DATA, { waitUntil: 'commit' });
      const before = await waitRows(page);
      await settle(page);
      await sleep(300);
      const clicksBefore = (await probeOf(page)).clicks.length;
      await page.locator(`[data-testid="side-menu"] li[data-menu-id$="${TRAINING_DATA.replace('/app', '')}"]`).click();
      const clickedAt = (await probeOf(page)).clicks[clicksBefore];
      if (clickedAt === undefined) throw new Error('the click on the side menu was not seen by the page');
      const after = await waitRows(page, { after: clickedAt, path: TRAINING_DATA, notFirst: before.first });
      return after.frame - clickedAt;
    }),
  );
}

/** How long a person holds a mouse button in a click (the press starts the page, src/app/pressed-link.ts). */
const PRESS_MS = 100;

/**
 * Figure 4b: in a cold context the raw-data list loads and settles; then the first row's "view" link
 * is clicked as a person clicks (button down, PRESS_MS, up). From the click event's timeStamp to the
 * frame painting the recording's details (the show page draws them once its record is in).
 */
export async function recordPageRuns(bench: Bench) {
  return repeat('list → record page', () =>
    withFresh(bench, async ({ page }) => {
      await page.goto(bench.origin + RAW_DATA, { waitUntil: 'commit' });
      await waitRows(page);
      await settle(page);
      await sleep(300);
      await page.evaluate(() => {
        const shown = new Promise<number>((resolve) =>
          new MutationObserver((_, observer) => {
            if (!document.querySelector('[data-testid="record-details"]')) return;
            observer.disconnect();
            requestAnimationFrame(() => resolve(performance.now()));
          }).observe(document, { childList: true, subtree: true }),
        );
        Object.assign(window, { __detailsShown: shown });
      });
      const clicksBefore = (await probeOf(page)).clicks.length;
      await page.locator('.ant-table-tbody tr.ant-table-row').first().locator('.edp-row-actions a[data-route]').first().hover();
      await page.mouse.down();
      await sleep(PRESS_MS);
      await page.mouse.up();
      const shown = await page.evaluate(() => (window as unknown as { __detailsShown: Promise<number> }).__detailsShown);
      const clickedAt = (await probeOf(page)).clicks[clicksBefore];
      if (clickedAt === undefined) throw new Error("the click on the row's link was not seen by the page");
      return shown - clickedAt;
    }),
  );
}

interface HeapUsage {
  usedSize: number;
  embedderHeapUsedSize?: number;
}

/**
 * Figure 5: JS heap per rendered row. One cold page of the list with 20 rows; 50 rows per page are
 * chosen in the page-size menu, then 20 again (so its popup, and whatever the first change of the
 * list's address makes once, exist in both states); garbage is collected
 * (HeapProfiler.collectGarbage, twice) and Runtime.getHeapUsage read. Then 100 rows per page are
 * chosen in that menu, and once the 100 rows are in and the page settled: GC, read again.
 * (used(100 rows) − used(20 rows)) / 80 is what one more row costs: its data in the query cache,
 * React's fibers and props, antd's per-row closures. Blink's DOM lives in the embedder (Oilpan)
 * heap, printed beside it. The 20- and 50-row answers stay cached (react-query), so they are in both.
 */
export async function heapRuns(bench: Bench) {
  return repeat('heap per row', () =>
    withFresh(bench, async ({ page, cdp }) => {
      await page.goto(`${bench.origin}${RAW_DATA}?pageSize=20&currentPage=1`, { waitUntil: 'commit' });
      await waitRows(page, { minCount: 20 });
      await settle(page);
      const sizeChanger = page.locator('.ant-pagination-options-size-changer');
      const choose = async (size: number) => {
        const startedAt = await page.evaluate(() => performance.now());
        await sizeChanger.click();
        await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title^="${size}"]`).click();
        await waitRows(page, { minCount: size, after: startedAt });
        await settle(page);
        await sleep(500);
      };
      // 50 rows and back to 20 first: what the first change of the list's address costs once (the
      // router's, the table's) is then in both measurements, and only what a row costs is between them.
      await choose(50);
      await choose(20);
      const measure = async () => {
        await cdp.send('HeapProfiler.collectGarbage');
        await cdp.send('HeapProfiler.collectGarbage');
        return (await cdp.send('Runtime.getHeapUsage')) as HeapUsage;
      };
      const at20 = await measure();
      await choose(100);
      const at100 = await measure();
      return {
        jsPerRow: (at100.usedSize - at20.usedSize) / 80,
        embedderPerRow: ((at100.embedderHeapUsedSize ?? 0) - (at20.embedderHeapUsedSize ?? 0)) / 80,
        jsAt20: at20.usedSize,
      };
    }),
  );
}

/** The list route's JavaScript on a cold load, gzipped at level 9 (as bench/bundle.ts counts it). */
export async function listScripts(bench: Bench) {
  return withFresh(bench, async ({ page, cdp }) => {
    const pending: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') pending.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
    });
    // every request's bytes as they came over the network (headers and the encoded body: brotli where the server sent it)
    let wire = 0;
    cdp.on('Network.loadingFinished', ({ encodedDataLength }) => void (wire += encodedDataLength));
    await page.goto(bench.origin + RAW_DATA, { waitUntil: 'commit' });
    await waitRows(page, { minCount: 20 });
    await settle(page);
    const sizes = await Promise.all(pending);
    return { scripts: sizes.length, gzip: sizes.reduce((sum, size) => sum + size, 0), wire };
  });
}

/**
 * Figure 2 on a page already loaded, where the answer is what the rows wait for: a cold list of 20
 * rows loads and settles; then its next page is clicked (20 rows), or 100 rows per page are chosen
 * in the page-size menu. From that request's Resource Timing `responseEnd` to the probe's `dom` time
 * of the new rows: the work of drawing them. (On a cold load the answer comes before the page's
 * code, so the cold figures above mostly measure that code arriving and starting.)
 */
export async function apiToRowsLoaded(bench: Bench, size: 20 | 100) {
  return repeat(`API → rows (${size}), page loaded`, () =>
    withFresh(bench, async ({ page }) => {
      await page.goto(`${bench.origin}${RAW_DATA}?pageSize=20&currentPage=1`, { waitUntil: 'commit' });
      const before = await waitRows(page, { minCount: 20 });
      await settle(page);
      const startedAt = await page.evaluate(() => performance.now());
      if (size === 20) await page.locator('.ant-pagination-next').click();
      else {
        await page.locator('.ant-pagination-options-size-changer').click();
        await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title^="100"]').click();
      }
      const rows = await waitRows(page, { minCount: size, after: startedAt, notFirst: size === 20 ? before.first : undefined });
      const requests = (await timingOf(page)).filter((entry) => entry.url.includes(DATA_QUERY) && entry.start >= startedAt && entry.end <= rows.dom);
      const request = requests.at(-1);
      if (!request) throw new Error('no data request answered between the click and the rows');
      return rows.dom - request.end;
    }),
  );
}

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEDUPE_MS } from '../../src/providers/query-client';
import { BOOT } from '../../scripts/route-roots';
import { appUrl, newPage, signedInPage, useBrowser } from './helpers/browser';

const browser = useBrowser();
/** The entry and the chunks it imports at start (scripts/route-roots.ts). */
const START_CHUNKS = ['index', ...BOOT.map(({ chunk }) => chunk)];

/** Every API call the page makes, by path and query. */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${url.pathname}${url.search}`);
  });
  return calls;
}
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();

/** Records, from the document's start, whether a table was ever drawn empty or loading before its first rows. */
const EMPTY_FIRST = `(() => {
  window.__drawnEmpty = false;
  new MutationObserver((_, observer) => {
    if (document.querySelector('.ant-table-row')) return observer.disconnect();
    if (document.querySelector('.ant-table-placeholder, .ant-table .ant-spin-spinning')) window.__drawnEmpty = true;
  }).observe(document, { childList: true, subtree: true });
})()`;

/** Records, from the document's start, whether the console's frame was ever drawn. */
const FRAMED = `(() => {
  window.__framed = false;
  new MutationObserver(() => { if (document.querySelector('.edp-first-frame')) window.__framed = true; }).observe(document, { childList: true, subtree: true });
})()`;

/** Records, from the document's start, when the first table row was drawn (performance.now()). */
const ROWS_AT = `(() => {
  new MutationObserver((_, observer) => {
    if (!document.querySelector('.ant-table-row')) return;
    window.__rowsAt = performance.now();
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
})()`;

/**
 * React's devtools hook, which production React calls at each commit: records, for each commit, whether
 * the rows were in the page and whether it came in the task of the commit before it. A state set while a
 * commit mounts (a popup trigger's, a motion's) makes React draw again at once, before that commit's task
 * gives way to its microtasks, and run every effect of the page there too. So a commit that comes before
 * a microtask queued at the previous one has run is in its task. (A message posted at the commit told
 * this by arriving after the task, but React's scheduler had posted its own message first: the next
 * task could commit before that message came, and the test failed with nothing drawn again.)
 */
const COMMITS = `(() => {
  const commits = (window.__commits = []);
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, isDisabled: false, renderers: new Map(),
    inject() { return 1; }, checkDCE() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, setStrictMode() {},
    onCommitFiberRoot() {
      const previous = commits.at(-1);
      const commit = { rows: Boolean(document.querySelector('.ant-table-row')), taskEnded: false, inTaskOfPrevious: previous ? !previous.taskEnded : false };
      commits.push(commit);
      queueMicrotask(() => { commit.taskEnded = true; });
    },
  };
})()`;

describe('a list that appears at once', () => {
  it("asks for a cold list's rows, the current user and the account names once each: the page takes the answers sent with navigation", async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    const calls = apiCalls(page);
    await page.addInitScript(EMPTY_FIRST);
    // The page's code comes well after its rows (as on a slow network or CPU), later than the dedupe time:
    // the table's first drawing has them, not a spinner, and it does not ask for them again.
    await page.route(/\/app\/assets\/signed-in-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, DEDUPE_MS + 500));
      await route.continue();
    });
    await page.goto(appUrl('/data/lake/raw-data?currentPage=2&pageSize=10'));
    await rows(page);
    expect(await page.evaluate(() => (window as unknown as { __drawnEmpty: boolean }).__drawnEmpty)).toBe(false);
    await page.waitForLoadState('networkidle');
    expect(calls.filter((call) => call.startsWith('/api/v1/data/bag/query'))).toEqual(['/api/v1/data/bag/query?pageSize=10&pageNum=2']);
    expect(calls.filter((call) => call.startsWith('/api/v1/console/account/get-cur-user-info'))).toHaveLength(1);
    expect(calls.filter((call) => call.startsWith('/api/v1/console/account/query'))).toHaveLength(1);
    await context.close();
  });

  it('opens a list by its bare path at the address its table writes, so the table navigates nowhere after its first render', async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    for (const path of ['/data/lake/raw-data', '/console/space/account']) {
      await page.goto(appUrl(path));
      await rows(page);
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).search).toBe('?pageSize=20&currentPage=1');
      // react-router writes a key into the history entry at every navigation, a replacing one too; the one it starts at has none.
      expect(await page.evaluate(() => history.state as unknown)).toEqual({ idx: 0 });
    }
    await context.close();
  });

  it("draws the console's frame from its document while a cold route's code comes, in the stored theme, layout and language; the shell then takes its place whole", async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    await page.addInitScript(() => {
      localStorage.setItem('i18nextLng', 'en_US');
      localStorage.setItem('settings', JSON.stringify({ theme: 'dark', colorPreset: 'default', fontFamily: 'serif', fontSize: 14, layout: 'mini' }));
    });
    const errors: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text()))); // a refused inline script shows here
    // The entry itself held back: the frame comes with the document, before any of the console's code.
    let entryCame = false;
    await page.route(/\/app\/assets\/index-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      entryCame = true;
      await route.continue();
    });
    await page.goto(appUrl('/data/lake/raw-data'), { waitUntil: 'commit' }); // not its load event, which waits for the entry
    const header = page.locator('.edp-first-frame-header');
    await header.waitFor();
    expect(entryCame).toBe(false);
    expect(await header.textContent()).toBe('Embodied Development Platform');
    expect(
      await header.evaluate((element) => [
        getComputedStyle(element).backgroundColor,
        element.getBoundingClientRect().height,
        getComputedStyle(element).fontFamily,
      ]),
    ).toEqual(['rgb(20, 20, 20)', 56, expect.stringMatching(/^Georgia/)]);
    expect(await page.locator('.edp-first-frame-sider').evaluate((element) => element.getBoundingClientRect().width)).toBe(64);
    await rows(page);
    expect(await page.locator('.edp-first-frame').count()).toBe(0);
    expect(await page.locator('.edp-header').evaluate((element) => element.getBoundingClientRect().height)).toBe(56);
    // the styles the document only preloads are in place: the shell is drawn by them, not unstyled
    const styleOf = (selector: string, property: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);
    expect([await styleOf('.ant-layout', 'display'), await styleOf('.ant-table-thead th', 'font-weight')]).toEqual(['flex', '600']);
    expect(errors.filter((error) => /Content Security Policy/.test(error))).toEqual([]);
    await context.close();
  });

  it('draws no frame for nobody signed in: a link into the console shows the sign-in page alone', async () => {
    const { context, page } = await newPage(browser());
    await page.addInitScript(FRAMED);
    await page.goto(appUrl('/data/lake/raw-data'));
    await page.locator('#tenantCode').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __framed: boolean }).__framed)).toBe(false);
    await context.close();
  });

  it('finds every chunk the entry imports at start in the document, on a cold list and on the sign-in page: none is a step of requests after the entry', async () => {
    const signedIn = await signedInPage(browser(), 'demo', 'admin');
    const signedOut = await newPage(browser());
    for (const [{ context, page }, path] of [
      [signedIn, '/data/lake/raw-data'],
      [signedOut, '/login'],
    ] as const) {
      // who asked for each script: the document's parser (its preload links), or a script that ran
      const askedBy = new Map<string, string>();
      const cdp = await context.newCDPSession(page);
      cdp.on('Network.requestWillBeSent', ({ request, initiator }) => void askedBy.set(new URL(request.url).pathname, initiator.type));
      await cdp.send('Network.enable');
      await page.goto(appUrl(path));
      await page.waitForLoadState('networkidle');
      const start = [...askedBy].filter(([script]) => START_CHUNKS.some((name) => new RegExp(`/assets/${name}-[\\w-]{8}\\.js$`).test(script)));
      expect(start.map(([script]) => script.replace(/-[\w-]{8}\.js$/, '')).sort(), path).toEqual(START_CHUNKS.map((name) => `/app/assets/${name}`).sort());
      expect(
        start.filter(([, initiator]) => initiator !== 'parser'),
        path,
      ).toEqual([]);
      await context.close();
    }
  });

  it("draws a list in the default theme with antd's styles from the stylesheet built for it, writing none of its own", async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    await page.goto(appUrl('/data/lake/raw-data'));
    await rows(page);
    const written = await page.evaluate(
      () => [...document.querySelectorAll('style')].filter((style) => /\.ant-(table|btn|select|menu)\b/.test(style.textContent ?? '')).length,
    );
    expect(written).toBe(0);
    expect(await page.locator('.ant-table-thead').evaluate((head) => getComputedStyle(head.querySelector('th')!).fontWeight)).toBe('600');
    await context.close();
  });

  it("draws a cold list's toolbar whole with its rows: on a phone's width nothing moves after they appear", async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    await page.setViewportSize({ width: 412, height: 823 });
    await page.addInitScript(`(() => {
      window.__shifts = [];
      new PerformanceObserver((list) => {
        for (const shift of list.getEntries())
          window.__shifts.push({ value: shift.value, moved: shift.sources.map((source) => source.node ? source.node.nodeName + '.' + source.node.className : '?') });
      }).observe({ type: 'layout-shift', buffered: true });
    })()`);
    await page.goto(appUrl('/data/lake/raw-data'));
    await rows(page);
    await page.waitForLoadState('networkidle');
    // the upload button, a list tool shown to who may upload, wraps the toolbar onto another line here
    await expect.poll(() => page.getByRole('button', { name: /上传/ }).count()).toBe(1);
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; moved: string[] }[] }).__shifts);
    // A toolbar wrapping under its rows scores some hundredths; a machine busy with other suites has been seen to
    // score a ten-thousandth, a pixel's settling that nobody sees, so what counts is under a thousandth.
    expect(
      shifts.reduce((score, shift) => score + shift.value, 0),
      JSON.stringify(shifts),
    ).toBeLessThan(0.001);
    await context.close();
  });

  it("draws a cold form's date picker from the second built stylesheet, which the form's code brings, writing no styles of its own", async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    await page.goto(appUrl('/data/collect/plan/create'));
    const picker = page.locator('.ant-picker').first();
    await picker.waitFor();
    const linked = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => new URL(link.href).pathname),
    );
    expect(linked.filter((path) => /\/antd-more-styles-[\w-]+\.css$/.test(path))).toHaveLength(1);
    const written = await page.evaluate(
      () => [...document.querySelectorAll('style')].filter((style) => /\.ant-(picker|form|input-number)\b/.test(style.textContent ?? '')).length,
    );
    expect(written).toBe(0);
    // antd's picker: an inline flex box with rounded corners (unstyled, a bare inline element)
    expect(await picker.evaluate((element) => [getComputedStyle(element).display, getComputedStyle(element).borderTopLeftRadius])).toEqual([
      'inline-flex',
      '6px',
    ]);
    await context.close();
  });

  it("asks for a cold list's texts beside the console's own catalogue, not after it", async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    await page.addInitScript(ROWS_AT);
    // The console's own texts come late: every script the page needs for its rows is asked for before they arrive.
    await page.route(/\/app\/assets\/locale-zh_CN-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue();
    });
    await page.goto(appUrl('/data/lake/raw-data'));
    await rows(page);
    const { scripts, rowsAt } = await page.evaluate(() => ({
      scripts: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime, end: entry.responseEnd })),
      rowsAt: (window as unknown as { __rowsAt: number }).__rowsAt,
    }));
    const core = scripts.find((script) => script.path.includes('/locale-zh_CN-'))!;
    expect(core.end).toBeLessThan(rowsAt);
    expect(scripts.filter((script) => script.start > core.end && script.start < rowsAt)).toEqual([]);
    await context.close();
  });

  it('preloads the signed-in styles from the document and links them for print, holding no paint for them; the shell puts each on the screen before its first render', async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    const served = await (await page.request.get(appUrl('/data/lake/raw-data'))).text();
    const linked = [...served.matchAll(/<link rel="stylesheet"([^>]*) href="([^"]+)"/g)];
    expect(linked.every(([, attributes]) => attributes!.includes('media="print"'))).toBe(true); // parsed as they come, applied to no screen
    const preloaded = [...served.matchAll(/<link rel="preload" as="style"[^>]* href="([^"]+)"/g)].map(([, href]) => href!);
    expect(preloaded.some((href) => /\/signed-in-[\w-]+\.css$/.test(href))).toBe(true);
    expect(linked.map(([, , href]) => href).sort()).toEqual([...preloaded].sort());
    const fetched: string[] = [];
    page.on('request', (request) => void (request.url().endsWith('.css') && fetched.push(new URL(request.url()).pathname)));
    await page.addInitScript(() => {
      // whether every linked sheet had its rules, and was the screen's, when the shell was first drawn
      new MutationObserver((_, observer) => {
        if (!document.querySelector('.ant-layout')) return;
        observer.disconnect();
        const sheets = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
        (window as unknown as { __styledFirst: boolean }).__styledFirst =
          sheets.length > 0 && sheets.every((link) => link.sheet !== null && matchMedia(link.media || 'all').matches);
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(appUrl('/data/lake/raw-data'));
    await rows(page);
    const inPage = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => new URL(link.href).pathname),
    );
    expect(inPage.filter((href) => preloaded.includes(href)).sort()).toEqual([...preloaded].sort());
    expect(new Set(inPage).size).toBe(inPage.length);
    expect(fetched.filter((href) => preloaded.includes(href)).sort()).toEqual([...preloaded].sort()); // each fetched once: the link took the preload
    expect(await page.evaluate(() => (window as unknown as { __styledFirst: boolean }).__styledFirst)).toBe(true);
    await context.close();
  });

  it("commits a cold list's rows and draws nothing again in that task: its shell's menus and popup triggers are made after the frame is painted", async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    await page.addInitScript(COMMITS);
    await page.goto(appUrl('/data/lake/raw-data'));
    await rows(page);
    await page.getByTestId('side-menu').waitFor(); // the menus come after the rows' frame
    await page.getByTestId('top-sections').waitFor();
    const commits = await page.evaluate(() => (window as unknown as { __commits: { rows: boolean; inTaskOfPrevious: boolean }[] }).__commits);
    const withRows = commits.findIndex((commit) => commit.rows);
    expect(withRows).toBeGreaterThanOrEqual(0);
    expect(commits.length).toBeGreaterThan(withRows + 1);
    expect(commits[withRows + 1]!.inTaskOfPrevious).toBe(false);
    await context.close();
  });

  it("runs React's renderer apart from the entry, in a script the document preloads beside it", async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    const served = await (await page.request.get(appUrl('/data/lake/raw-data'))).text();
    const textOf = async (href: string) => (await page.request.get(new URL(href, appUrl('/')).href)).text();
    const entry = /<script type="module"[^>]* src="([^"]+)"/.exec(served)![1]!;
    const preloaded = [...served.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g)].map(([, href]) => href!);
    const renders = async (href: string) => (await textOf(href)).includes('__reactFiber$'); // the key React's renderer gives each DOM node
    expect(await renders(entry)).toBe(false); // the entry's task evaluates no renderer: two shorter tasks, not one long one
    expect(await Promise.all(preloaded.map(renders))).toContain(true);
    await context.close();
  });

  it("starts a menu item's rows when it is pointed at, and the page opened by the click asks for them no more", async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    await page.goto(appUrl('/data/lake/raw-data'));
    await rows(page);
    const calls = apiCalls(page);
    const item = page.getByTestId('side-menu').getByText('训练数据', { exact: true });
    await item.hover();
    await expect.poll(() => calls.filter((call) => call.startsWith('/api/v1/data/training-data/query')).length).toBe(1);
    await item.click();
    await page.waitForURL(/training-data\?/);
    await rows(page);
    await page.waitForLoadState('networkidle');
    expect(calls.filter((call) => call.startsWith('/api/v1/data/training-data/query'))).toHaveLength(1);
    await context.close();
  });

  it("starts a row's record page while its link is pressed: the record, the lists pointing at it and its history leave before the click, once each", async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    await page.goto(appUrl('/data/lake/raw-data'));
    await rows(page);
    await page.waitForLoadState('networkidle');
    const calls = apiCalls(page);
    const view = page.locator('.ant-table-tbody tr.ant-table-row').first().locator('.edp-row-actions a[data-route]').first(); // "view"
    const route = (await view.getAttribute('data-route'))!;
    const id = route.split('/').at(-1);
    const history = `/api/v1/console/audit-event/query?pageSize=20&entity=bag&recordId=${id}&pageNum=1`;
    const recordCalls = () => calls.filter((call) => /\/api\/v1\/(data\/bag\/get|evaluation\/structured-data\/query|console\/audit-event\/query)/.test(call));
    await view.hover();
    await page.waitForTimeout(300);
    expect(recordCalls()).toEqual([]); // pointing at a row's link starts nothing: a pointer crosses many rows
    await page.mouse.down();
    // the record, a list of what points at it (a recording's structured data) and its history are asked for with the button still down
    await expect.poll(() => calls.filter((call) => call === `/api/v1/data/bag/get?id=${id}`).length).toBe(1);
    await expect.poll(() => calls.filter((call) => call === history).length).toBe(1);
    await expect.poll(() => calls.filter((call) => call.startsWith('/api/v1/evaluation/structured-data/query')).length).toBe(1);
    expect(new URL(page.url()).pathname).toMatch(/\/raw-data$/);
    await page.mouse.up();
    await page.waitForURL((url) => url.pathname.endsWith(route));
    await page.locator('.ant-descriptions').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(calls.filter((call) => call.startsWith('/api/v1/data/bag/get'))).toEqual([`/api/v1/data/bag/get?id=${id}`]);
    expect(calls.filter((call) => call.startsWith('/api/v1/evaluation/structured-data/query'))).toHaveLength(1);
    expect(calls.filter((call) => call.startsWith('/api/v1/console/audit-event/query'))).toEqual([history]);
    await page.getByTestId('record-history').waitFor();
    await context.close();
  });

  it("links a list's references to their records' own pages from what the server sent, asking for none of them", async () => {
    const { context, page } = await signedInPage(browser(), 'demo', 'admin');
    const calls = apiCalls(page);
    await page.goto(appUrl('/data/lake/training-data'));
    await rows(page);
    await page.waitForLoadState('networkidle');
    expect(calls.filter((call) => /\/(dataset|dataset-version)\/get/.test(call))).toEqual([]);
    // a dataset opens under the view of its type, by name (a dc dataset under dc-dataset/)
    const link = page.locator('.ant-table-tbody tr.ant-table-row a[href*="/data/lake/raw-data/"]').first();
    const name = (await link.textContent())!;
    expect(await link.getAttribute('href')).toMatch(new RegExp(`/data/lake/raw-data/(dataset|dc-dataset|logic-dataset)/${encodeURIComponent(name)}$`));
    await link.click();
    await page.waitForURL((url) => url.pathname.endsWith(`/${encodeURIComponent(name)}`));
    await expect.poll(() => page.locator('.ant-descriptions').first().textContent()).toContain(name);
    await context.close();
  });
});

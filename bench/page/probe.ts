/**
 * What every page of the benchmark records about itself, from the first moment of each document
 * (an init script, so before any of the console's scripts run). Its times are `performance.now()`,
 * whose origin is the navigation's start, so they read directly as "ms since navigation start".
 *
 * - rows: each change of the list's data rows, found by a MutationObserver on the whole document:
 *   when the number of `tr.ant-table-row` rows, the first one's text or the path changes, an entry
 *   `{ dom, frame, count, first, path }`. `dom` is the observer's callback (a microtask right after
 *   React's commit put the rows in the DOM); `frame` is the next requestAnimationFrame callback, the
 *   start of the frame that paints them (so "rows visible"), where `visible` says whether the first
 *   row passes `checkVisibility()` (no display:none, visibility:hidden, opacity 0 above it).
 * - longTasks: every 'longtask' PerformanceObserver entry (main-thread tasks over 50 ms).
 * - clicks: the `timeStamp` of every click (same clock), taken in the capture phase.
 *
 * Plain JavaScript in a string: functions passed to the page would be transformed by tsx first.
 */
/**
 * Plain JavaScript for a page: whether a canvas holds a non-transparent pixel, i.e. a chart library
 * has drawn into it (reading its pixels asks for its 2D context, the one the library draws with).
 */
export const CANVAS_DRAWN = `const drawn = (canvas) => {
    if (!canvas || !canvas.width || !canvas.height) return false;
    const context = canvas.getContext('2d');
    if (!context) return true;
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    for (let index = 3; index < pixels.length; index += 4) if (pixels[index]) return true;
    return false;
  };`;

export const PROBE = `(() => {
  if (window.__bench) return;
  performance.setResourceTimingBufferSize(5000);
  const probe = { rows: [], longTasks: [], clicks: [], cost: { calls: 0, records: 0, ms: 0 } };
  Object.defineProperty(window, '__bench', { value: probe });
  const rows = document.getElementsByClassName('ant-table-row');
  let last = '';
  const hasRows = (node) => node.nodeType === 1 && (node.classList.contains('ant-table-row') || node.getElementsByClassName('ant-table-row').length > 0);
  new MutationObserver((records) => {
    // Kept cheap, as it runs in the page it measures: only batches that add or remove rows or change
    // something inside a table body are looked at (not CSS-in-JS filling <head>, not the rest of the
    // page), and nothing here depends on styles or layout (no forced style or layout pass).
    const now = performance.now();
    let relevant = false;
    for (let index = 0; index < records.length && !relevant; index += 1) {
      const record = records[index];
      const target = record.target.nodeType === 1 ? record.target : record.target.parentElement;
      relevant = Boolean(target && target.closest('.ant-table-tbody'));
      for (const node of record.addedNodes) relevant = relevant || hasRows(node);
      for (const node of record.removedNodes) relevant = relevant || hasRows(node);
    }
    probe.cost.calls += 1;
    probe.cost.records += records.length;
    if (!relevant) return void (probe.cost.ms += performance.now() - now);
    let first = null;
    for (let index = 0; index < rows.length && !first; index += 1)
      if (rows[index].parentElement && rows[index].parentElement.classList.contains('ant-table-tbody')) first = rows[index];
    const text = first ? (first.textContent || '').slice(0, 160) : '';
    const key = rows.length + '|' + text + '|' + location.pathname;
    probe.cost.ms += performance.now() - now;
    if (key === last) return;
    last = key;
    const entry = { dom: now, frame: null, visible: null, count: rows.length, first: text, path: location.pathname + location.search };
    probe.rows.push(entry);
    // Visibility is style-dependent: asked in the next frame's animation callbacks, just before that
    // frame computes styles anyway, rather than forcing an extra style pass here.
    requestAnimationFrame(() => {
      entry.frame = performance.now();
      entry.visible = Boolean(first && first.isConnected && first.checkVisibility({ opacityProperty: true, visibilityProperty: true }));
    });
  }).observe(document, { childList: true, subtree: true, characterData: true });
  try {
    new PerformanceObserver((list) => {
      for (const task of list.getEntries()) probe.longTasks.push({ start: task.startTime, duration: task.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  addEventListener('click', (event) => probe.clicks.push(event.timeStamp), true);
})();`;

export interface RowsEntry {
  dom: number;
  frame: number | null;
  /** Whether the first row was visible in that frame (null until it came). */
  visible: boolean | null;
  count: number;
  first: string;
  path: string;
}

export interface Probe {
  rows: RowsEntry[];
  longTasks: { start: number; duration: number }[];
  clicks: number[];
  /** The observer's own work: callbacks, records handed to it, ms spent in it. */
  cost: { calls: number; records: number; ms: number };
}

/** The session of spec §3 as the console keeps it (see tests/e2e/helpers/browser.ts, signedInPage). */
export const sessionScript = (sessionKey: string, userInfo: Record<string, unknown>) =>
  `localStorage.setItem('userToken', ${JSON.stringify(sessionKey)});
   localStorage.setItem('userInfoStore', ${JSON.stringify(JSON.stringify({ state: { userInfo }, version: 0 }))});`;

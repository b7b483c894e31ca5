import { repeat, waitValue, type Bench } from './harness';
import { withFresh } from './figures';
import { CANVAS_DRAWN } from './probe';

export const RAW_DATA_DASHBOARD = '/app/data/dashboard/rawData';

/**
 * What the dashboard records about itself from the first moment of its document (an init script):
 * a requestAnimationFrame loop from navigation start notes the first frame in which the headline
 * figures (`raw-data-stats`) are in the DOM, i.e. the frame that paints them, and then the first
 * frame in which every chart's box (`.edp-chart-canvas`) holds a canvas of non-zero size with a
 * non-transparent pixel: the library has drawn into all of them (its first animation frame at
 * least). Times are performance.now(), ms from navigation start. Plain JavaScript in a string, as
 * probe.ts. Reading a canvas's pixels asks for its 2D context, the one the library draws with.
 */
const DASHBOARD_PROBE = `(() => {
  if (window.__dashboard) return;
  const marks = { numbers: null, charts: null, count: 0 };
  Object.defineProperty(window, '__dashboard', { value: marks });
  ${CANVAS_DRAWN}
  const frame = () => {
    const now = performance.now();
    if (marks.numbers === null && document.querySelector('[data-testid="raw-data-stats"]')) marks.numbers = now;
    if (marks.numbers !== null) {
      const boxes = [...document.querySelectorAll('.edp-chart-canvas')];
      if (boxes.length && boxes.every((box) => drawn(box.querySelector('canvas')))) {
        marks.charts = now;
        marks.count = boxes.length;
        return;
      }
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

interface DashboardMarks {
  numbers: number;
  charts: number;
  count: number;
}

/**
 * A cold navigation (new context, empty cache) to the raw-data dashboard as demo admin: ms from
 * navigation start to the frame painting its headline figures, and to the first frame in which all
 * its charts are drawn (the chart code is loaded only once the figures are in: chart-frame.tsx).
 */
export async function dashboardRuns(bench: Bench) {
  return repeat('dashboard nav → numbers, charts', () =>
    withFresh(bench, async ({ context, page }) => {
      await context.addInitScript(DASHBOARD_PROBE);
      await page.goto(bench.origin + RAW_DATA_DASHBOARD, { waitUntil: 'commit' });
      return waitValue<DashboardMarks>(
        page,
        'window.__dashboard && window.__dashboard.charts !== null ? window.__dashboard : null',
        60_000,
        'the charts drawn',
      );
    }),
  );
}

/**
 * The metrics chart of a run with 100,000 reports, drawn in Debian's Chromium (headless, through
 * playwright-core, as the e2e suite launches it): the bench's app serving the built console on
 * loopback, demo/admin's session put into localStorage, the instance's page opened cold (a new
 * browser context each time: empty cache). The page records about itself, from the first moment of
 * its document: when the metrics' response ended (its resource timing) and the first frame in which
 * every metric's chart box holds a canvas with a drawn pixel (the charts draw without an entrance
 * animation, so that frame holds the whole curves).
 */
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from '../tests/chromium-for-tests';
import type { Figure } from './each-database';
import { apiSignIn, waitValue } from './page/harness';
import { CANVAS_DRAWN, sessionScript } from './page/probe';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));

/** Plain JavaScript in a string, as bench/page/dashboard.ts: a requestAnimationFrame loop from navigation start. */
const probe = (charts: number) => `(() => {
  if (window.__metricsChart) return;
  const marks = { response: null, drawn: null };
  Object.defineProperty(window, '__metricsChart', { value: marks });
  ${CANVAS_DRAWN}
  const frame = () => {
    const now = performance.now();
    const boxes = [...document.querySelectorAll('[data-testid="run-metrics"] .edp-chart-canvas')];
    if (boxes.length === ${charts} && boxes.every((box) => drawn(box.querySelector('canvas')))) {
      const answer = performance.getEntriesByType('resource').find((entry) => /\\/metrics(\\?|$)/.test(entry.name));
      marks.response = answer ? answer.responseEnd : null;
      marks.drawn = now;
      return;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

interface Marks {
  response: number | null;
  drawn: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Cold loads of the instance page of run `instanceId` (whose `charts` metrics are charted), on the app
 * listening at `origin`: ms from navigation start to the frame with every chart drawn, and from the
 * metrics' response to that frame (goal ≤ 500 ms), medians of BENCH_RUNS.
 */
export async function chartDrawnFigures(origin: string, instanceId: number, charts: number, points: number): Promise<Figure[]> {
  const session = await apiSignIn(origin, 'demo', 'admin');
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
  const runs: Marks[] = [];
  try {
    for (let run = 0; run < RUNS + 1; run++) {
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      await context.addInitScript(sessionScript(session.sessionKey, session.userInfo));
      await context.addInitScript(probe(charts));
      const page = await context.newPage();
      await page.goto(`${origin}/app/taskFlow/ops/instanceDetail/${instanceId}`, { waitUntil: 'commit' });
      // Read over the DevTools protocol: nothing of Playwright's own is injected into the page being measured.
      const marks = await waitValue<Marks>(
        page,
        'window.__metricsChart && window.__metricsChart.drawn !== null ? window.__metricsChart : null',
        60_000,
        'the charts drawn',
      );
      if (run > 0) runs.push(marks); // the first warms the server's code and plans, as the API figure's
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const navigation = median(runs.map((marks) => marks.drawn));
  const fromResponse = median(runs.map((marks) => marks.drawn - (marks.response ?? Number.NaN)));
  // Wall-clock times on whatever else the machine is doing: its 1-minute load average says how much.
  const answer = `${charts} charts, ${points.toLocaleString('en')} points; cold, median of ${runs.length}; load ${loadavg()[0]!.toFixed(1)}`;
  return [
    { name: "a run's metrics chart drawn, from navigation", value: navigation, unit: 'ms', goal: '(info)', met: true, answer },
    { name: "a run's metrics chart drawn, from its response", value: fromResponse, unit: 'ms', goal: '≤ 500', met: fromResponse <= 500, answer },
  ];
}

/** Where a listening app answers on loopback. */
export const originOf = (address: AddressInfo | string | null) => `http://127.0.0.1:${(address as AddressInfo).port}`;

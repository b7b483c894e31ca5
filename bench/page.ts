/**
 * npm run bench:page — how fast the raw-data list appears ("Lists that appear at once"),
 * and a cold raw-data dashboard: its figures, then its charts (bench/page/dashboard.ts).
 *
 * `npm start` on a fresh data directory (demo data, TRUST_PROXY=true, a known seed password), a
 * session of demo/admin taken over the API and put into localStorage (as the e2e suite's
 * signedInPage), Debian's Chromium headless through playwright-core. Every figure is the median of
 * BENCH_RUNS (default 5) cold runs, each in a new browser context (empty cache, cleared once more
 * over CDP), with min and max. How each is measured: bench/page/figures.ts (1–5), waterfall.ts (6),
 * lighthouse.ts (7); what the page records about itself: probe.ts. BENCH_LIGHTHOUSE=0 leaves
 * Lighthouse out. The machine's 1-minute load average is printed at the start and the end: the
 * figures are wall-clock times on whatever else the machine is doing.
 */
import { execSync } from 'node:child_process';
import { cpus } from 'node:os';
import { dashboardRuns, RAW_DATA_DASHBOARD } from './page/dashboard';
import { apiToRows100, apiToRowsLoaded, blockingRuns, heapRuns, listScripts, navigationRuns, RAW_DATA, recordPageRuns, routeSwitchRuns } from './page/figures';
import { load1, openBench, RUNS, stats, type Bench, type Stats } from './page/harness';
import { runLighthouse } from './page/lighthouse';
import { printChain, requestSteps } from './page/waterfall';

interface Row {
  figure: string;
  stats?: Stats;
  digits: number;
  goal?: { max?: number; min?: number };
  note?: string;
}

const git = (command: string) => {
  try {
    return execSync(`git ${command}`, { cwd: import.meta.dirname, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return '?';
  }
};

function printTable(rows: Row[]) {
  const cells = rows.map((row) => {
    const format = (value: number | undefined) => (value === undefined || Number.isNaN(value) ? '–' : value.toFixed(row.digits));
    const goal = row.goal ? (row.goal.max !== undefined ? `≤ ${row.goal.max}` : `≥ ${row.goal.min}`) : '(info)';
    const median = row.stats?.median;
    const verdict = !row.goal || median === undefined ? '' : (row.goal.max !== undefined ? median <= row.goal.max : median >= row.goal.min!) ? '✓' : '✗';
    return [row.figure, format(median), format(row.stats?.min), format(row.stats?.max), goal, verdict, row.note ?? ''];
  });
  const header = ['figure', 'median', 'min', 'max', 'goal', 'ok', 'note'];
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column]!.length)));
  const line = (values: string[]) => `| ${values.map((value, column) => value.padEnd(widths[column]!)).join(' | ')} |`;
  console.log([line(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...cells.map(line)].join('\n'));
}

async function measure(bench: Bench): Promise<Row[]> {
  console.log('Measuring (each run a new browser context):');
  const navigation = await navigationRuns(bench);
  const hundred = await apiToRows100(bench);
  const loaded20 = await apiToRowsLoaded(bench, 20);
  const loaded100 = await apiToRowsLoaded(bench, 100);
  const blocking = await blockingRuns(bench);
  const switches = await routeSwitchRuns(bench);
  const recordPages = await recordPageRuns(bench);
  const dashboard = await dashboardRuns(bench);
  const heap = await heapRuns(bench);
  const scripts = await listScripts(bench).catch(() => undefined);
  const lighthouse = process.env.BENCH_LIGHTHOUSE === '0' ? { skipped: 'BENCH_LIGHTHOUSE=0' } : await runLighthouse(bench, RAW_DATA);

  const waterfalls = navigation.map((run) => requestSteps(run.timing));
  const steps = stats(waterfalls.map((waterfall) => waterfall.steps));
  const shown = waterfalls.find((waterfall) => waterfall.steps === Math.round(steps.median)) ?? waterfalls[0]!;
  console.log(`\nRequest chain before the list's data request (cold run ${waterfalls.indexOf(shown) + 1}, ms from navigation start):`);
  printChain(shown);
  const sent = new Set(navigation.map((run) => run.dataRequestsSent));
  if ([...sent].some((count) => count !== 1)) console.log(`  note: /data/bag/query sent ${[...sent].join(' or ')} times per cold load`);

  const MiB = 1024 * 1024;
  const rows: Row[] = [
    {
      figure: 'nav → rows, cold (ms)',
      stats: stats(navigation.map((run) => run.cold)),
      digits: 0,
      goal: { max: 700 },
      note: `the probe's own observer work in a cold load: ${stats(navigation.map((run) => run.probeCost)).median.toFixed(1)} ms (median)`,
    },
    { figure: 'nav → rows, warm (ms)', stats: stats(navigation.map((run) => run.warm)), digits: 0, goal: { max: 300 } },
    {
      figure: 'nav → first paint, cold (ms)',
      stats: stats(navigation.map((run) => run.coldPaint)),
      digits: 0,
      note: 'the frame, painted before the code is in',
    },
    { figure: 'nav → first paint, warm (ms)', stats: stats(navigation.map((run) => run.warmPaint)), digits: 0 },
    { figure: 'API → rows, 20 rows, page loaded (ms)', stats: stats(loaded20), digits: 1, goal: { max: 100 }, note: 'next page clicked' },
    { figure: 'API → rows, 100 rows, page loaded (ms)', stats: stats(loaded100), digits: 1, goal: { max: 300 }, note: '100 per page chosen' },
    {
      figure: 'API → rows, 20 rows, cold load (ms)',
      stats: stats(navigation.map((run) => run.apiToRows)),
      digits: 1,
      note: 'the answer waits for the page’s code',
    },
    { figure: 'API → rows, 100 rows, cold load (ms)', stats: stats(hundred), digits: 1, note: 'the answer waits for the page’s code' },
    { figure: 'TBT, 4× CPU (ms)', stats: stats(blocking.map((run) => run.tbt)), digits: 0, goal: { max: 300 } },
    {
      figure: 'nav → rows, cold, 4× CPU (ms)',
      stats: stats(blocking.map((run) => run.rows)),
      digits: 0,
      note: `long tasks per load: ${stats(blocking.map((run) => run.longTasks)).median}, longest ${stats(blocking.map((run) => run.longest)).median.toFixed(0)} ms (medians)`,
    },
    { figure: 'route switch raw → training (ms)', stats: stats(switches), digits: 0, goal: { max: 150 } },
    { figure: 'list → record page, click (ms)', stats: stats(recordPages), digits: 0, note: "a row's view link, held 100 ms as a person clicks" },
    {
      figure: 'dashboard nav → numbers, cold (ms)',
      stats: stats(dashboard.map((run) => run.numbers)),
      digits: 0,
      goal: { max: 1000 },
      note: `${RAW_DATA_DASHBOARD} as demo admin: the frame painting its headline figures`,
    },
    {
      figure: 'dashboard nav → charts drawn, cold (ms)',
      stats: stats(dashboard.map((run) => run.charts)),
      digits: 0,
      goal: { max: 2000 },
      note: `the first frame with all ${dashboard[0]?.count ?? '?'} charts' canvases drawn (the chart code loads after the figures)`,
    },
    { figure: 'JS heap per row (MiB)', stats: stats(heap.map((run) => run.jsPerRow / MiB)), digits: 3, goal: { max: 0.15 } },
    {
      figure: 'DOM (Blink) heap per row (MiB)',
      stats: stats(heap.map((run) => run.embedderPerRow / MiB)),
      digits: 3,
      note: `JS heap with 20 rows after GC: ${stats(heap.map((run) => run.jsAt20 / MiB)).median.toFixed(1)} MiB`,
    },
    { figure: 'request steps before data', stats: steps, digits: 0, goal: { max: 2 } },
  ];
  if ('skipped' in lighthouse) {
    console.log(`\nLighthouse: skipped (${lighthouse.skipped})`);
    rows.push({ figure: 'Lighthouse mobile, sign-in', digits: 0, goal: { min: 95 }, note: 'skipped' });
    rows.push({ figure: 'Lighthouse mobile, list', digits: 0, goal: { min: 85 }, note: 'skipped' });
  } else {
    console.log(`\nLighthouse ${lighthouse.version} (mobile, simulated throttling), medians of its metrics:`);
    for (const [page, metrics] of Object.entries(lighthouse.metrics))
      if (Object.keys(metrics).length)
        console.log(
          `  ${page.padEnd(7)} ${Object.entries(metrics)
            .map(([id, values]) => `${id} ${stats(values).median.toFixed(id.includes('shift') ? 3 : 0)}`)
            .join(', ')}`,
        );
    for (const failure of lighthouse.failures) console.log(`  a run left out after 3 failures: ${failure}`);
    rows.push(
      lighthouse.signIn.length
        ? { figure: 'Lighthouse mobile, sign-in', stats: stats(lighthouse.signIn), digits: 0, goal: { min: 95 }, note: `${lighthouse.signIn.length} runs` }
        : { figure: 'Lighthouse mobile, sign-in', digits: 0, goal: { min: 95 }, note: 'no run succeeded' },
    );
    rows.push(
      lighthouse.list.length
        ? { figure: 'Lighthouse mobile, list', stats: stats(lighthouse.list), digits: 0, goal: { min: 85 }, note: `${lighthouse.list.length} runs` }
        : { figure: 'Lighthouse mobile, list', digits: 0, goal: { min: 85 }, note: lighthouse.listProblem ?? 'no run' },
    );
  }
  if (scripts)
    rows.push(
      {
        figure: 'list route JS (gzip kB)',
        stats: stats([scripts.gzip / 1024]),
        digits: 1,
        note: `${scripts.scripts} scripts, one cold load, gzip -9 as bench:bundle`,
      },
      { figure: 'cold list, bytes on the wire (kB)', stats: stats([scripts.wire / 1024]), digits: 1, note: 'every request of one cold load, as sent' },
    );
  return rows;
}

async function main() {
  const commit = git('rev-parse --short HEAD');
  const dirty = git('status --porcelain --untracked-files=no').split('\n').filter(Boolean).length;
  console.log(`bench:page — commit ${commit}${dirty ? ` + uncommitted changes in ${dirty} tracked files` : ''}, ${RUNS} runs per figure`);
  console.log(`machine: ${cpus().length} cores, 1-minute load average at start ${load1()}`);
  console.log('Starting the server (npm start on a fresh data directory; builds the console if needed)...');
  let stopping = false;
  let close = async () => {};
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.error(`\n${signal}: stopping the browser and the server`);
      void close().finally(() => process.exit(130));
    });
  const bench = await openBench((closeBench) => (close = closeBench));
  let rows: Row[];
  try {
    console.log(`server on ${bench.origin}, Chromium ${bench.browser.version()}, load ${load1()}`);
    rows = await measure(bench);
  } finally {
    await bench.close();
  }
  if (stopping) return new Promise<never>(() => {}); // the signal handler ends the process
  console.log(`\nraw-data list (${RAW_DATA}), ${RUNS} cold runs per figure; 1-minute load average at the end ${load1()} (${cpus().length} cores)\n`);
  printTable(rows);
  console.log('\nruns (in order):');
  for (const row of rows)
    if (row.stats && row.stats.samples.length > 1)
      console.log(`  ${row.figure.padEnd(34)} ${row.stats.samples.map((value) => value.toFixed(row.digits)).join('  ')}`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error('\nbench:page failed:', error);
    process.exit(1);
  },
);

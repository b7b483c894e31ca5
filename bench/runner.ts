/**
 * `npm run bench:runner`: task runs on the local runner, through real server
 * processes (tsx server/main.ts, as `npm start`), against the issue's goals:
 *
 * 1. run click → process started: POST …/task/{id}/run sent → the task's first statement (its own
 *    time.time(), printed as its first line); also → the instance's startTime, → the line read by
 *    the server, → the request's answer. p50/p95 of `--runs` (30) clicks one after another.
 * 2. log ingest: a Python process writing `--lines` (1,000,000) lines as fast as it can; lines per
 *    second from its first statement to the instance's end (written once every line was stored),
 *    and none lost (the total, the last seq, the instance's count, the whole log downloaded and
 *    every line checked in place).
 * 3. the last 500 lines of that log (GET …/logs?limit=500, as the log page opens): p50/p95 of 20,
 *    on the client and Fastify's own response time.
 * 4. schedule accuracy: `--tasks` (200) tasks on `* * * * *` (overlap allowed) for `--minutes` (5)
 *    due minutes, with two server processes on one PostgreSQL schema: fire delay (task_fires
 *    fired_time − due_time) p50/p95, duplicates and misses.
 *
 * 1–3 run on embedded PGlite (a fresh data directory) and on PostgreSQL (a fresh schema of
 * TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test, dropped afterwards); `--db
 * pglite|postgres` runs one, `--no-schedule` leaves 4 out. About 9 minutes with the defaults.
 */
import { parseArgs } from 'node:util';
import { freshSchema } from './fresh-schema';
import { benchServer, benchSetup, cleanupStack, load1, percentile, type BenchServer } from './runner/harness';
import { lastLines, type LastLinesFigures } from './runner/last-lines';
import { ingestCode, logIngest, type IngestFigures } from './runner/log-ingest';
import { CLICK_CODE, runClicks, type ClickFigures } from './runner/run-click';
import { scheduleAccuracy, type ScheduleFigures } from './runner/schedule';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '5' },
    runs: { type: 'string', default: '30' },
    lines: { type: 'string', default: '1000000' },
    tasks: { type: 'string', default: '200' },
    requests: { type: 'string', default: '20' },
    db: { type: 'string', default: 'both' },
    'no-schedule': { type: 'boolean', default: false },
  },
});
const count = (name: keyof typeof args) => {
  const value = Number(args[name]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer, got ${String(args[name])}`);
  return value;
};
const MINUTES = count('minutes');
const RUNS = count('runs');
const LINES = Math.max(2, count('lines'));
const TASKS = count('tasks');
const REQUESTS = count('requests');
const DBS = args.db === 'both' ? ['pglite', 'postgres'] : [args.db!];

interface Row {
  figure: string;
  value: string;
  goal: string;
  pass: boolean | null;
}
const rows: Row[] = [];
const ms = (value: number) => `${value.toFixed(0)} ms`;
const pair = (values: number[]) => `p50 ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))}`;
const add = (row: Row) => {
  rows.push(row);
  console.log(`  ${row.figure}: ${row.value}  (goal ${row.goal}) ${row.pass === null ? '' : row.pass ? '✓' : '✗'}`);
};

function clickRows(db: string, figures: ClickFigures) {
  const p95 = percentile(figures.firstStatement, 95);
  add({ figure: `[${db}] run click → process's first statement`, value: pair(figures.firstStatement), goal: 'p95 ≤ 300 ms', pass: p95 <= 300 });
  add({ figure: `[${db}]   … → instance startTime (before spawn)`, value: pair(figures.startTime), goal: '—', pass: null });
  add({ figure: `[${db}]   … → its first line read by the server`, value: pair(figures.lineRead), goal: '—', pass: null });
  add({ figure: `[${db}]   … → POST …/run answered`, value: pair(figures.answered), goal: '—', pass: null });
}

function ingestRows(db: string, figures: IngestFigures) {
  const rate = figures.lines / (figures.ms / 1000);
  add({
    figure: `[${db}] log ingest, ${figures.lines.toLocaleString('en')} lines`,
    value: `${Math.round(rate).toLocaleString('en')} lines/s (${(figures.ms / 1000).toFixed(1)} s; the writer's own ${(figures.writerMs / 1000).toFixed(1)} s)`,
    goal: '≥ 50,000 lines/s',
    pass: rate >= 50_000,
  });
  const kept = figures.status === 'succeeded' && [figures.total, figures.lastSeq, figures.logLines, figures.downloaded].every((n) => n === figures.lines);
  add({
    figure: `[${db}]   none lost`,
    value: `${figures.status}; total/last seq/logLines/downloaded ${figures.total}/${figures.lastSeq}/${figures.logLines}/${figures.downloaded}, ${figures.mismatches} out of place${figures.firstMismatch ? ` (first: ${figures.firstMismatch})` : ''}`,
    goal: `all, 0 out of place`,
    pass: kept && figures.mismatches === 0,
  });
}

function lastLinesRows(db: string, figures: LastLinesFigures) {
  add({
    figure: `[${db}] last 500 of ${figures.total.toLocaleString('en')} lines, client`,
    value: pair(figures.client),
    goal: 'p95 ≤ 200 ms',
    pass: percentile(figures.client, 95) <= 200,
  });
  add({
    figure: `[${db}]   … Fastify responseTime`,
    value: figures.server.length ? `${pair(figures.server)} (${figures.server.length} logged)` : 'not logged',
    goal: '—',
    pass: null,
  });
}

function scheduleRows(figures: ScheduleFigures) {
  const label = `[postgres ×2] ${figures.tasks} tasks × ${figures.minutes} min`;
  add({
    figure: `${label}, fire delay`,
    value: `${pair(figures.fireDelay)}, max ${ms(Math.max(...figures.fireDelay))}`,
    goal: 'p95 ≤ 2 s',
    pass: percentile(figures.fireDelay, 95) <= 2000,
  });
  add({ figure: '  duplicates', value: String(figures.duplicates), goal: '0', pass: figures.duplicates === 0 });
  add({ figure: '  misses', value: `${figures.misses} (fired ${figures.fired} of ${figures.expected})`, goal: '0', pass: figures.misses === 0 });
  add({ figure: '  due → instance created', value: pair(figures.createdDelay), goal: '—', pass: null });
  add({ figure: '  due → instance startTime', value: pair(figures.startDelay), goal: '—', pass: null });
  add({
    figure: '  runs',
    value: `${figures.succeeded} succeeded${Object.entries(figures.otherwise)
      .map(([status, n]) => `, ${n} ${status}`)
      .join('')}`,
    goal: '—',
    pass: null,
  });
  add({
    figure: '  fire delay by minute',
    value: figures.byMinute.map(({ first, last }) => `${(first / 1000).toFixed(1)}–${(last / 1000).toFixed(1)} s`).join(', '),
    goal: '—',
    pass: null,
  });
  add({ figure: '  taken by', value: figures.byProcess.map((p) => `${p.process}: ${p.fires} fires, ${p.runs} runs`).join('; '), goal: 'both', pass: null });
}

/** 1–3 on one server: clicks, then the big writer, then its last 500 lines. */
async function runFigures(db: string, server: BenchServer) {
  const { api, task } = await benchSetup(server.origin);
  console.log(`\n[${db}] ${RUNS} run clicks (+2 not counted), load ${load1()} …`);
  clickRows(db, await runClicks(api, await task(CLICK_CODE), RUNS));
  console.log(`\n[${db}] a writer of ${LINES.toLocaleString('en')} lines, load ${load1()} …`);
  const ingest = await logIngest(api, await task(ingestCode(LINES)), LINES, console.log);
  ingestRows(db, ingest);
  console.log(`\n[${db}] the last 500 lines, ${REQUESTS} times, load ${load1()} …`);
  lastLinesRows(db, await lastLines(api, server, ingest.instanceId, REQUESTS));
  return task;
}

async function main() {
  const cleanup = cleanupStack();
  const began = Date.now();
  console.log(
    `bench:runner — ${DBS.join(' and ')}; schedule ${args['no-schedule'] ? 'left out' : `${TASKS} tasks × ${MINUTES} min`}; load ${load1()} (2 cores)`,
  );
  try {
    if (DBS.includes('pglite')) {
      const server = await benchServer('pglite', {}, cleanup);
      await runFigures('pglite', server);
      await server.stop();
    }
    if (DBS.includes('postgres') || !args['no-schedule']) {
      const fresh = await freshSchema();
      if (!fresh) console.log('\nno PostgreSQL: its figures and the schedule are left out');
      else {
        cleanup.add(`schema ${fresh.schema}`, fresh.drop);
        await fresh.admin.query(`set search_path to ${fresh.schema}`);
        const url = `${fresh.url}${fresh.url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${fresh.schema}`)}`;
        const env = { DATABASE_URL: url, EDP_DEMO: '1', EDP_RUNNER_CONCURRENCY: '16' };
        const [a, b] = await Promise.all([benchServer('server A', env, cleanup), benchServer('server B', env, cleanup)]);
        console.log(`\nPostgreSQL schema ${fresh.schema}; server A (pid ${a.server.child.pid}) and B (pid ${b.server.child.pid}), EDP_RUNNER_CONCURRENCY=16`);
        let task = DBS.includes('postgres') ? await runFigures('postgres', a) : undefined;
        if (!args['no-schedule']) {
          task ??= (await benchSetup(a.origin)).task;
          console.log(`\n[postgres ×2] schedule: ${TASKS} tasks on * * * * * for ${MINUTES} min, load ${load1()} …`);
          scheduleRows(await scheduleAccuracy({ servers: [a, b], task, db: fresh.admin, tasks: TASKS, minutes: MINUTES, log: console.log }));
        }
      }
    }
  } finally {
    await cleanup.run();
    printTable(began);
  }
}

function printTable(began: number) {
  if (rows.length === 0) return;
  const width = (key: 'figure' | 'value' | 'goal') => Math.max(...rows.map((row) => row[key].length));
  console.log(`\nbench:runner — ${((Date.now() - began) / 60_000).toFixed(1)} min, load ${load1()}`);
  for (const row of rows)
    console.log(
      `${row.figure.padEnd(width('figure'))}  ${row.value.padEnd(Math.min(60, width('value')))}  ${row.goal === '—' ? '' : `goal ${row.goal}`.padEnd(width('goal') + 5)} ${row.pass === null ? '' : row.pass ? '✓' : '✗'}`.trimEnd(),
    );
}

await main();

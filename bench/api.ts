/**
 * npm run bench:api — the raw-data list and dashboard over a million bags.
 *
 * Loads BENCH_BAGS bags (default 1,000,000) into a fresh database, five spaces sharing them
 * 45/25/15/10/5 %, recorded over the last year by realistic robots, scenes and operators; then,
 * through the real API (app.inject, signed in as the largest space's R&D account), times each
 * scenario BENCH_RUNS times (default 50) and prints p50/p95 against the targets. Runs on
 * embedded PGlite and on the PostgreSQL at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test,
 * in a schema of its own, dropped afterwards); BENCH_DB=pglite or =postgres runs one.
 */
import { sql } from 'kysely';
import type { RecordService } from '../server/engine/record-service';
import type { Database } from '../server/db/connect';
import { seed } from '../server/db/seed';
import { encodeCursor } from '../server/engine/list-query';
import { dayOf, daysBefore } from '../server/engine/rollup-query';
import { benchApp, benchSignIn, freshDatabase } from './fresh-database';
import { loadBags } from './bag-load';
import { SCENARIOS, type Scenario } from './bag-scenarios';

const TOTAL = Number(process.env.BENCH_BAGS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const SHARES = [0.45, 0.25, 0.15, 0.1, 0.05];
const PASSWORD = 'Bench-Pass-2026';
const NOW = new Date('2026-11-22T08:00:00Z');

/** The five spaces: the seeded demo space is the largest; four more take the rest. */
async function spaces(database: Database, records: RecordService) {
  await seed(records, { password: PASSWORD, demo: true }, NOW);
  const stamp = { description: '', internal: false, createdBy: 'bench', updatedBy: 'bench', createdTime: NOW, updatedTime: NOW };
  for (const code of ['lab-b', 'lab-c', 'lab-d', 'lab-e'])
    await database.db
      .insertInto('tenants')
      .values({ code, name: code, rawDataStorageQuota: null, rawDataDownloadQuota: null, ...stamp })
      .execute();
  const rows = await database.db.selectFrom('tenants').select(['id', 'code']).where('code', 'in', ['demo', 'lab-b', 'lab-c', 'lab-d', 'lab-e']).execute();
  const order = ['demo', 'lab-b', 'lab-c', 'lab-d', 'lab-e'];
  return rows.sort((a, b) => order.indexOf(a.code) - order.indexOf(b.code)).map((row, index) => ({ id: row.id, share: SHARES[index]! }));
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function run(kind: 'pglite' | 'postgres') {
  const fresh = await freshDatabase(kind);
  if (!fresh) return console.log(`\n${kind}: skipped (no PostgreSQL answers; see the notice above)`);
  const { database, cleanup } = fresh;
  try {
    const { http: app, records } = await benchApp(database, NOW);
    const [largest, ...others] = await spaces(database, records);
    let started = performance.now();
    await loadBags(database.db, [largest!, ...others], TOTAL, NOW, 365, (done) => {
      if (done % 100_000 < 5_000) process.stdout.write(`\r${kind}: loaded ${done.toLocaleString('en')} bags`);
    });
    const loadSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    await sql`vacuum analyze`.execute(database.db);
    console.log(
      `\r${kind}: loaded ${TOTAL.toLocaleString('en')} bags in ${loadSeconds.toFixed(0)} s (${Math.round(TOTAL / loadSeconds).toLocaleString('en')}/s), vacuum analyze ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );

    const token = await benchSignIn(app, 'demo', 'rd', PASSWORD);
    const context = await scenarioContext(database, largest!.id);

    const table: string[][] = [];
    const details: string[] = [];
    for (const scenario of SCENARIOS) {
      const timings: number[] = [];
      const byUrl = new Map<string, number[]>();
      let answer: Record<string, unknown> = {};
      for (let index = -3; index < RUNS; index += 1) {
        const url = scenario.url(Math.max(index, 0), context);
        const begin = performance.now();
        const response = await app.inject({ url: `/api/v1${url}`, headers: { authorization: `Bearer ${token}` } });
        const elapsed = performance.now() - begin;
        if (response.statusCode !== 200) throw new Error(`${scenario.name}: ${response.statusCode} ${response.body.slice(0, 300)}`);
        if (index >= 0) {
          timings.push(elapsed);
          byUrl.set(url, [...(byUrl.get(url) ?? []), elapsed]);
        }
        answer = response.json().data;
      }
      timings.sort((a, b) => a - b);
      table.push(row(scenario, kind, timings, answer));
      if (byUrl.size > 1) details.push(`${scenario.name}: slowest requests, median/max ms: ${breakdown(byUrl)}`);
    }
    await app.close();
    print(kind, table);
    console.log(details.join('\n'));
  } finally {
    await database.close();
    await cleanup();
  }
}

/** What scenarios need to know of the loaded data: where page 10,000 starts. */
async function scenarioContext(database: Database, tenantId: number) {
  const { rows } = await sql<{ bagStartTime: Date; id: number }>`
    select bag_start_time, id from bags where tenant_id = ${tenantId} order by bag_start_time desc, id desc offset ${9_999 * 20 - 1} limit 1`.execute(
    database.db,
  );
  const last = rows[0];
  return { page10000Cursor: last ? encodeCursor(last.bagStartTime, last.id) : '', today: dayOf(NOW), daysBefore };
}
export type ScenarioContext = Awaited<ReturnType<typeof scenarioContext>>;

function row(scenario: Scenario, kind: string, timings: number[], answer: Record<string, unknown>): string[] {
  const target = scenario.targetMs === undefined ? undefined : kind === 'postgres' ? scenario.targetMs : scenario.targetMs * 2;
  const p95 = percentile(timings, 95);
  const verdict = target === undefined ? '' : p95 <= target ? `≤ ${target} ✓` : `≤ ${target} ✗`;
  return [scenario.name, percentile(timings, 50).toFixed(1), p95.toFixed(1), verdict, scenario.describe(answer)];
}

/** Which of a scenario's varied requests (a search term, a label, a window) takes the time. */
function breakdown(byUrl: Map<string, number[]>): string {
  const label = (url: string) => {
    const params = new URLSearchParams(url.split('?')[1] ?? '');
    for (const name of ['pageNum', 'pageSize']) params.delete(name);
    return decodeURIComponent(params.toString()) || url;
  };
  return [...byUrl]
    .map(([url, times]) => {
      const sorted = [...times].sort((a, b) => a - b);
      return { url, median: percentile(sorted, 50), max: sorted.at(-1)! };
    })
    .sort((a, b) => b.median - a.median)
    .slice(0, 3)
    .map(({ url, median, max }) => `${label(url)} ${median.toFixed(0)}/${max.toFixed(0)}`)
    .join(', ');
}

function print(kind: string, table: string[][]) {
  const header = ['scenario', 'p50 ms', 'p95 ms', 'target p95', 'answer'];
  const widths = header.map((title, column) => Math.max(title.length, ...table.map((cells) => cells[column]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  console.log(`\n${kind} (${TOTAL.toLocaleString('en')} bags, largest space ${(TOTAL * SHARES[0]!).toLocaleString('en')}, ${RUNS} runs each)`);
  console.log([line(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...table.map(line)].join('\n'));
}

const kinds = (process.env.BENCH_DB ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];
for (const kind of kinds) await run(kind);
process.exit(0);

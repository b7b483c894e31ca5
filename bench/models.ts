/**
 * npm run bench:models — what the training loop costs, on embedded PGlite and on the PostgreSQL at
 * TEST_DATABASE_URL when it answers (BENCH_DB=pglite or =postgres runs one).
 *
 * - A run's metrics chart: GET /taskFlow/instance/{id}/metrics over a run that reported 100,000
 *   times (loss and learning rate at every step, accuracy every tenth), through the real API
 *   (goal ≤ 200 ms on the server), median of five; and, once, on the embedded database, the same
 *   chart drawn in Chromium on the instance's page, cold (goal ≤ 500 ms from its response;
 *   bench/metrics-chart.ts).
 * - What keeping them costs: reports stored a second, loaded in chunks of 10,000 and, as a live run's
 *   batches of lines (or its calls back) arrive, in chunks of 20 (each one write of the run's, as the
 *   log sink and the call back make: numbered on under the run's lock).
 * - Storing a 1 GiB model file a run wrote, hashed on the way, against `cp` (bench/model-file.ts).
 * - The evaluation overview over 100,000 results (goal ≤ 300 ms on the server; bench/evaluation-overview.ts).
 */
import { sql } from 'kysely';
import { instance } from '../model/schemas/instance';
import { task } from '../model/schemas/task';
import { taskImage } from '../model/schemas/task-image';
import { systemActor } from '../server/engine/actor';
import { seed } from '../server/db/seed';
import { appendMetrics, reportMetrics, type MetricReport } from '../server/modules/runs/metric-store';
import { CONSOLE_DIR } from '../server/console/build-stamp';
import { ensureConsoleBuild } from '../server/console/ensure-build';
import { eachDatabase, figureLine, type Figure } from './each-database';
import { overviewFigure } from './evaluation-overview';
import { modelFileFigure } from './model-file';
import { benchApp, benchSignIn, freshDatabase } from './fresh-database';
import { chartDrawnFigures, originOf } from './metrics-chart';

const REPORTS = 100_000;
const PASSWORD = 'Bench-Pass-2026';
const START = new Date('2026-11-22T08:00:00Z');

const LIVE_REPORTS = 4_000;

/** Reports a second that `append` stores, given `reports` in chunks of `size`. */
async function appendRate(reports: MetricReport[], size: number, append: (firstSeq: number, chunk: MetricReport[]) => Promise<void>): Promise<number> {
  const begin = performance.now();
  for (let from = 0; from < reports.length; from += size) await append(from + 1, reports.slice(from, from + size));
  return reports.length / ((performance.now() - begin) / 1000);
}

/** The app listening on loopback, for a browser: its address. */
const listening = async (app: { listen: (options: { port: number; host: string }) => Promise<unknown>; server: { address: () => unknown } }) => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app.server.address() as Parameters<typeof originOf>[0];
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function run(kind: 'pglite' | 'postgres'): Promise<Figure[] | null> {
  const fresh = await freshDatabase(kind);
  if (!fresh) return null;
  const { database, cleanup } = fresh;
  try {
    // Once, on the embedded database, the console too: the chart is drawn in Chromium.
    const browser = kind === 'pglite';
    if (browser) ensureConsoleBuild((message) => console.log(message));
    const { http: app, records } = await benchApp(database, START, () => START, browser ? CONSOLE_DIR : undefined);
    await seed(records, { password: PASSWORD, demo: true }, START);
    const token = await benchSignIn(app, 'demo', 'admin', PASSWORD);
    // A finished training run of the demo space, as the runner leaves one.
    const space = await database.db.selectFrom('tenants').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow();
    const image = await records.create(systemActor(null), taskImage, { name: 'py', image: 'python:3.11', entrypoint: 'python3 -u' });
    const trainer = await records.create(systemActor(space.id), task, {
      ...{ name: 'train', taskType: 'training', taskCategory: 'development', triggerType: 'manual', image: image.id, memory: 1024 ** 3, gpuCards: 0 },
      ...{ timeoutTime: 600, code: 'print(1)', owner: 'admin' },
    });
    const run = await records.create(systemActor(space.id), instance, {
      ...{ task: trainer.id, taskName: 'train', triggerType: 'manual', triggerPerson: 'admin', timeout: 600, k8sJobName: 'bench', status: 'succeeded' },
    });
    const run0 = { id: Number(run.id), tenantId: space.id };
    const reports: MetricReport[] = Array.from({ length: REPORTS }, (_, i) => ({
      step: i + 1,
      values: { loss: 2 / Math.sqrt(i + 1), lr: 0.001, ...(i % 10 === 9 ? { accuracy: i / REPORTS } : {}) },
      time: new Date(START.getTime() + i * 100),
    }));
    const bulk = await appendRate(reports, 10_000, (first, chunk) => appendMetrics(database.db, run0.tenantId, run0.id, first, chunk));
    // A second run of the same space, live: small batches, as lines come (no chart is read of it).
    const live = await appendRate(reports.slice(0, LIVE_REPORTS), 20, (_first, chunk) => reportMetrics(database.db, { ...run0, id: run0.id + 1 }, chunk));
    await sql`analyze instance_metrics`.execute(database.db);

    const times: number[] = [];
    let points = 0;
    for (let i = 0; i < 6; i++) {
      const begin = performance.now();
      const reply = await app.inject({ url: `/api/v1/taskFlow/instance/${run0.id}/metrics`, headers: { authorization: `Bearer ${token}` } });
      if (i > 0) times.push(performance.now() - begin); // the first warms the plan and the code
      if (reply.statusCode !== 200) throw new Error(`metrics: ${reply.statusCode} ${reply.body.slice(0, 200)}`);
      points = (reply.json().data.series as { points: unknown[] }[]).reduce((sum, series) => sum + series.points.length, 0);
    }
    const drawn = browser ? await chartDrawnFigures(originOf(await listening(app)), run0.id, 3, points) : [];
    const overview = await overviewFigure(database.db, records, (request) => app.inject(request), token, space.id);
    await app.close();
    const value = median(times);
    // Once, on the embedded database: the file's bytes never pass through the database.
    const file = kind === 'pglite' ? [await modelFileFigure(database.db, run0)] : [];
    return [
      overview,
      ...file,
      {
        name: `a run's metrics chart (${REPORTS.toLocaleString('en')} reports, 3 metrics)`,
        value,
        unit: 'ms',
        goal: '≤ 200',
        met: value <= 200,
        answer: `${points.toLocaleString('en')} points served; median of ${times.length}`,
      },
      ...drawn,
      ...[
        { rate: bulk, size: 10_000, count: REPORTS },
        { rate: live, size: 20, count: LIVE_REPORTS },
      ].map(({ rate, size, count }) => ({
        name: `storing a run's metrics, chunks of ${size.toLocaleString('en')}`,
        value: rate,
        unit: 'reports/s',
        goal: '≥ 1,000', // a training loop reports at most every step: hundreds a second at the most
        met: rate >= 1000,
        answer: `${count.toLocaleString('en')} reports of 2–3 metrics`,
      })),
    ];
  } finally {
    await database.close();
    await cleanup();
  }
}

await eachDatabase(run, figureLine);
process.exit(0);

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskImage } from '../../model/schemas/task-image';
import { systemActor } from '../../server/engine/actor';
import { CHART_POINTS } from '../../model/schemas/run-metrics';
import { appendMetrics, deleteMetrics, readMetricSeries, type MetricReport } from '../../server/modules/runs/metric-store';
import { createTask, pythonForRuns, startRunWorkers, waitForStatus } from './helpers/runs';
import { useTestApp } from './helpers/test-app';

/** A run's metric lines become its series: every report kept, a chart's worth of points served. */
const { t, api } = useTestApp();
let token: string;
let tenantId: number;

beforeAll(async () => {
  token = await api.token('demo', 'admin');
  tenantId = (await t.database.db.selectFrom('tenants').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()).id;
});

type Series = { name: string; reports: number; points: { step: number; value: number; low: number; high: number }[] };
const seriesOf = async (id: number) => (await api.get(`/taskFlow/instance/${id}/metrics`, { token })).body.data.series as Series[];

describe('a run’s metrics', () => {
  it('are drawn as reported when fewer than a chart’s points, each at the step the run named or else its report’s number', async () => {
    const time = new Date();
    await appendMetrics(t.database.db, tenantId, 900_001, 1, [
      { step: 10, values: { loss: 0.9, accuracy: 0.5 }, time },
      { step: 20, values: { loss: 0.7 }, time },
      { step: null, values: { loss: 0.4 }, time },
    ]);
    expect(await readMetricSeries(t.database.db, 900_001, CHART_POINTS)).toEqual([
      { name: 'accuracy', reports: 1, points: [{ step: 10, value: 0.5, low: 0.5, high: 0.5 }] },
      {
        name: 'loss',
        reports: 3,
        points: [
          { step: 3, value: 0.4, low: 0.4, high: 0.4 },
          { step: 10, value: 0.9, low: 0.9, high: 0.9 },
          { step: 20, value: 0.7, low: 0.7, high: 0.7 },
        ],
      },
    ]);
  });

  it('of a long run stand as a chart’s points, each the mean of its stretch with its lowest and highest', async () => {
    const time = new Date();
    const reports = Array.from({ length: 5000 }, (_, i) => ({ step: i + 1, values: { loss: i === 2500 ? 50 : 1 }, time }));
    await appendMetrics(t.database.db, tenantId, 900_002, 1, reports);
    const [loss] = await readMetricSeries(t.database.db, 900_002, 1000);
    expect(loss!.reports).toBe(5000);
    expect(loss!.points).toHaveLength(625); // stretches of 8: of 4 they would be 1,250
    expect(loss!.points.at(-1)!.step).toBe(5000);
    const spike = loss!.points.find((point) => point.high === 50)!;
    expect(spike).toMatchObject({ step: 2504, low: 1, value: (7 + 50) / 8 });
  });

  it('stay the same stretches however the reports came in chunks, each level of the rollup as its reports make it', async () => {
    const { whole, chunked } = { whole: 900_003, chunked: 900_004 };
    const reports = sampleReports(2500);
    await appendMetrics(t.database.db, tenantId, whole, 1, reports);
    for (const [first, chunk] of chunksOf(reports, [1, 7, 13, 333, 2, 999, 64])) await appendMetrics(t.database.db, tenantId, chunked, first, chunk);
    for (const id of [whole, chunked]) {
      // Every level of each metric against the reports' own arithmetic.
      for (const name of ['loss', 'val/loss']) {
        const mine = valuesOf(reports, name);
        for (let level = 1; level <= 20; level++) {
          const { rows } = await sql<Bucket>`select bucket, count, sum, low, high, step from metric_buckets
            where instance_id = ${id} and name = ${name} and level = ${level} order by bucket`.execute(t.database.db);
          expectClose(rows.map(bucketOf), stretches(mine, 2 ** level), `${name} level ${level}`);
        }
      }
      // A chart's points: each metric at the finest stretch of a power of two giving at most that many.
      const drawn = await readMetricSeries(t.database.db, id, 1000);
      expect(drawn.map((series) => [series.name, series.reports])).toEqual([
        ['loss', 2500],
        ['val/loss', 834],
      ]);
      expectClose(drawn[0]!.points, stretches(valuesOf(reports, 'loss'), 4).map(pointOf).sort(byStep), 'loss, 1000 points');
      expectClose(drawn[1]!.points, stretches(valuesOf(reports, 'val/loss'), 1).map(pointOf).sort(byStep), 'val/loss, 1000 points');
      const few = await readMetricSeries(t.database.db, id, 10);
      expectClose(few[0]!.points, stretches(valuesOf(reports, 'loss'), 256).map(pointOf).sort(byStep), 'loss, 10 points');
      expectClose(few[1]!.points, stretches(valuesOf(reports, 'val/loss'), 128).map(pointOf).sort(byStep), 'val/loss, 10 points');
      const one = await readMetricSeries(t.database.db, id, 1);
      expect(one[0]!.points).toHaveLength(1);
      expectClose(one[0]!.points, stretches(valuesOf(reports, 'loss'), 4096).map(pointOf).sort(byStep), 'loss, 1 point');
    }
  });

  it('of a short run are drawn report by report, or in stretches when fewer points are asked for', async () => {
    const reports = sampleReports(100);
    for (const [first, chunk] of chunksOf(reports, [3, 50, 11, 36])) await appendMetrics(t.database.db, tenantId, 900_005, first, chunk);
    const [loss] = await readMetricSeries(t.database.db, 900_005, 1000);
    expect(loss!.points).toEqual(
      valuesOf(reports, 'loss')
        .map(({ value, step }) => ({ step, value, low: value, high: value }))
        .sort(byStep),
    );
    const [coarse] = await readMetricSeries(t.database.db, 900_005, 30);
    expect(coarse!.points).toHaveLength(25);
    expectClose(coarse!.points, stretches(valuesOf(reports, 'loss'), 4).map(pointOf).sort(byStep), 'loss, 30 points');
  });

  it('are deleted with their rollup, by instance or by space, and no one else’s', async () => {
    const { db } = t.database;
    const time = new Date();
    const reports = Array.from({ length: 10 }, (_, i) => ({ step: i, values: { loss: i }, time }));
    await appendMetrics(db, tenantId, 900_006, 1, reports);
    await appendMetrics(db, tenantId, 900_007, 1, reports);
    await appendMetrics(db, 900_999, 900_008, 1, reports);
    const rowsOf = async (id: number) =>
      (
        await sql<{ n: number }>`select (select count(*) from instance_metrics where instance_id = ${id})
          + (select count(*) from metric_buckets where instance_id = ${id}) as n`.execute(db)
      ).rows[0]!.n;
    const kept = 10 + 5 + 3 + 2 + 17; // the reports, level 1's 5 buckets, level 2's 3, level 3's 2, one at each level above
    expect(Number(await rowsOf(900_006))).toBe(kept);

    await deleteMetrics(db, 'instance_id', [900_006]);
    await deleteMetrics(db, 'tenant_id', [900_999]);
    expect([Number(await rowsOf(900_006)), Number(await rowsOf(900_008))]).toEqual([0, 0]);
    expect(Number(await rowsOf(900_007))).toBe(kept);
    expect(await readMetricSeries(db, 900_006, CHART_POINTS)).toEqual([]);
  });
});

/** Reports with every kind of value: a loss at each (negative and fractional too), a val/loss at every third, some without a step. */
function sampleReports(count: number): MetricReport[] {
  const time = new Date();
  return Array.from({ length: count }, (_, i) => ({
    step: i % 17 === 5 ? null : 10 * (i + 1),
    values: { loss: Math.sin(i * 1.7) * 3 + 1 / (i + 1), ...(i % 3 === 0 ? { 'val/loss': Math.cos(i) - 0.5 } : {}) },
    time,
  }));
}

/** [firstSeq, chunk] of the reports cut in the given sizes, over and over: as a run's batches of lines come. */
function chunksOf(reports: MetricReport[], sizes: number[]): [number, MetricReport[]][] {
  const chunks: [number, MetricReport[]][] = [];
  for (let from = 0; from < reports.length;) {
    const size = sizes[chunks.length % sizes.length]!;
    chunks.push([from + 1, reports.slice(from, from + size)]);
    from += size;
  }
  return chunks;
}

/** One metric's values in order, each with the step the chart places it at (the named one, else the report's number). */
const valuesOf = (reports: MetricReport[], name: string) =>
  reports.flatMap((report, i) => (name in report.values ? [{ value: report.values[name]!, step: report.step ?? i + 1 }] : []));

type Bucket = { bucket: number; count: number; sum: number; low: number; high: number; step: number };
type Stretch = { count: number; sum: number; low: number; high: number; step: number };

/** The values cut in stretches of `size` in order, each summed up by hand. */
const stretches = (values: { value: number; step: number }[], size: number): Stretch[] =>
  Array.from({ length: Math.ceil(values.length / size) }, (_, b) => {
    const part = values.slice(b * size, (b + 1) * size);
    return {
      count: part.length,
      sum: part.reduce((sum, { value }) => sum + value, 0),
      low: Math.min(...part.map(({ value }) => value)),
      high: Math.max(...part.map(({ value }) => value)),
      step: Math.max(...part.map(({ step }) => step)),
    };
  });
const bucketOf = (row: Bucket, index: number): Stretch => {
  expect(Number(row.bucket)).toBe(index); // no bucket missing or out of place
  return { count: Number(row.count), sum: Number(row.sum), low: Number(row.low), high: Number(row.high), step: Number(row.step) };
};
const pointOf = (stretch: Stretch) => ({ step: stretch.step, value: stretch.sum / stretch.count, low: stretch.low, high: stretch.high });
/** A chart's points go by step (a report without one stands at its number), in order of report where steps tie. */
const byStep = (a: { step: number }, b: { step: number }) => a.step - b.step;

/** Equal but for the last digits of sums and means, which depend on the order of addition. */
function expectClose<T extends Record<string, number>>(actual: T[], expected: T[], what: string): void {
  expect(actual.length, what).toBe(expected.length);
  actual.forEach((row, i) => {
    for (const key of Object.keys(expected[i]!)) expect(row[key], `${what}, #${i} ${key}`).toBeCloseTo(expected[i]![key]!, 9);
  });
}

describe.skipIf(!pythonForRuns())('a run printing metric lines', () => {
  let workers: ReturnType<typeof startRunWorkers>;
  beforeAll(() => {
    workers = startRunWorkers(t);
  });
  afterAll(() => workers.stop());

  it('keeps each well-formed report as its series, the lines in its log too, and deletes them with the instance', async () => {
    const image = (
      await t.records.create(systemActor(null), taskImage, { name: 'python', image: 'registry.example.com/python:3.11', entrypoint: 'python3 -u' })
    ).id;
    const code = [
      'for step in range(1, 1501):',
      '    print(f"##edp:metric loss={1 / step:.6f} step={step}")',
      '    if step % 100 == 0: print(f"##edp:metric accuracy={step / 1500:.4f} step={step}")',
      'print("##edp:metric loss=oops step=1501")',
    ].join('\n');
    const task = await createTask(t, tenantId, image, { name: 'metrics', code, timeoutTime: 60 });
    const started = await api.post(`/taskFlow/task/${task.id}/run`, undefined, { token });
    const id = started.body.data.id as number;
    expect((await waitForStatus(t, id, ['succeeded', 'failed'])).status).toBe('succeeded');

    const [accuracy, loss] = await seriesOf(id);
    expect(accuracy).toMatchObject({ name: 'accuracy', reports: 15 });
    expect(accuracy!.points.map((point) => point.step)).toEqual(Array.from({ length: 15 }, (_, i) => (i + 1) * 100));
    expect(loss).toMatchObject({ name: 'loss', reports: 1500 });
    expect(loss!.points).toHaveLength(750); // stretches of 2
    expect(loss!.points[0]!.high).toBeCloseTo(1, 6);
    expect(loss!.points.at(-1)!).toMatchObject({ step: 1500 });
    expect((await api.get(`/taskFlow/instance/${id}/logs`, { token, query: { limit: '1' } })).body.data.lines[0].text).toBe('##edp:metric loss=oops step=1501');

    expect((await api.post('/taskFlow/instance/delete', { ids: [id] }, { token })).status).toBe(200);
    const { rows } = await sql<{ n: number }>`select (select count(*) from instance_metrics where instance_id = ${id})
      + (select count(*) from metric_buckets where instance_id = ${id}) as n`.execute(t.database.db);
    expect(Number(rows[0]!.n)).toBe(0);
  });
});

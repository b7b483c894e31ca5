import { sql } from 'kysely';
import { lockUntilCommit } from '../../db/advisory-locks';
import type { Db } from '../../db/tables';
import type { MetricSeries } from '../../../model/schemas/run-metrics';
import type { MetricPoint } from './metric-line';
import { addToRollup, levelFor, reportsSoFar, TOP_LEVEL, type Reported } from './metric-rollup';

/** A report as the run printed it, and when. */
export interface MetricReport extends MetricPoint {
  time: Date;
}

/**
 * Keeps a run's reports as its next ones, whichever way they came: the metric lines of its log, or its
 * call back with its token (on any server process). Both number on from the reports kept, under a lock
 * of the run, so neither ever takes the other's numbers or adds to a bucket the other is filling.
 */
export async function reportMetrics(db: Db, instance: { id: number; tenantId: number }, reports: MetricReport[]): Promise<void> {
  if (!reports.some((report) => Object.keys(report.values).length)) return;
  await db.transaction().execute(async (trx) => {
    await lockUntilCommit(trx, 'runMetrics', String(instance.id));
    await appendMetrics(trx, instance.tenantId, instance.id, (await countMetricReports(trx, instance.id)) + 1, reports);
  });
}

/**
 * Appends reports numbered from `firstSeq`, a row per metric, and adds them to the rollup a chart
 * reads, in one statement: the two never disagree, whatever fails. The rollup places them after the
 * metric's reports so far, read first: the caller is the run's one writer at the time (reportMetrics).
 */
export async function appendMetrics(db: Db, tenantId: number, instanceId: number, firstSeq: number, reports: MetricReport[]): Promise<void> {
  const rows = reports.flatMap((report, index) =>
    Object.entries(report.values).map(([name, value]) => ({ name, seq: firstSeq + index, step: report.step, value, time: report.time.toISOString() })),
  );
  if (rows.length === 0) return;
  const chunk = new Map<string, Reported>();
  for (const row of rows) {
    if (!chunk.has(row.name)) chunk.set(row.name, []);
    chunk.get(row.name)!.push({ value: row.value, step: row.step ?? row.seq });
  }
  await sql`
    with kept as (
      insert into instance_metrics (tenant_id, instance_id, name, seq, step, value, time)
      select ${tenantId}, ${instanceId}, name, seq, step, value, time
      from unnest(${rows.map((row) => row.name)}::text[], ${rows.map((row) => row.seq)}::bigint[], ${rows.map((row) => row.step)}::bigint[],
        ${rows.map((row) => row.value)}::float8[], ${rows.map((row) => row.time)}::timestamptz[]) as given(name, seq, step, value, time)
    )
    ${addToRollup(tenantId, instanceId, chunk, await reportsSoFar(db, instanceId))}`.execute(db);
}

/**
 * How many reports the run has made (the last seq: they are numbered from 1 without gaps): the last of
 * each metric's, each one step down its index, the metrics named by the rollup's top level (a row or
 * two each), not a scan of every report.
 */
async function countMetricReports(db: Db, instanceId: number): Promise<number> {
  const { rows } = await sql<{ seq: number | null }>`
    select max((select seq from instance_metrics m where m.instance_id = ${instanceId} and m.name = top.name order by seq desc limit 1)) as seq
    from metric_buckets top where top.instance_id = ${instanceId} and top.level = ${TOP_LEVEL}`.execute(db);
  return Number(rows[0]?.seq ?? 0);
}

/**
 * Each metric of a run as at most `points` points, in order of report: a run of 100,000 reports is
 * drawn from its rollup's buckets of 128 reports, 782 points (each the mean of its stretch, with its
 * lowest and highest, so a spike still shows), one of at most `points` reports as it was. A point's
 * step is the last the run named in its stretch, else the report's number. Each metric reads only
 * its points' rows: the top level of the rollup counts its reports, then one level is read.
 */
export async function readMetricSeries(db: Db, instanceId: number, points: number): Promise<MetricSeries[]> {
  const totals = [...(await reportsSoFar(db, instanceId))];
  if (totals.length === 0) return [];
  // A branch a metric, each an index range (a join would let the planner scan the run's every row).
  const reads = totals.map(([name, reports]) => {
    const level = levelFor(reports, points);
    return level === 0
      ? sql`select name, seq as i, coalesce(step, seq) as step, value, value as low, value as high from instance_metrics
          where instance_id = ${instanceId} and name = ${name}`
      : sql`select name, bucket as i, step, sum / count as value, low, high from metric_buckets
          where instance_id = ${instanceId} and level = ${level} and name = ${name}`;
  });
  const { rows } = await sql<{ name: string; step: number; value: number; low: number; high: number }>`
    ${sql.join(reads, sql` union all `)} order by name, step, i`.execute(db);
  const series = new Map(totals.map(([name, reports]) => [name, { name, reports, points: [] } as MetricSeries]));
  for (const row of rows) series.get(row.name)!.points.push({ step: Number(row.step), value: Number(row.value), low: Number(row.low), high: Number(row.high) });
  return [...series.values()];
}

/** Deletes the metrics of deleted instances or spaces and their rollup, in the deleting transaction (as their log lines). */
export async function deleteMetrics(db: Db, of: 'instance_id' | 'tenant_id', ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`delete from instance_metrics where ${sql.ref(of)} = any(${ids}::bigint[])`.execute(db);
  await sql`delete from metric_buckets where ${sql.ref(of)} = any(${ids}::bigint[])`.execute(db);
}

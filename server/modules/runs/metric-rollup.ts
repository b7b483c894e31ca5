import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/tables';

/**
 * The rollup of a run's metrics (table metric_buckets, migration 0013): level k holds each metric's
 * reports in buckets of 2^k, in order of report (bucket b: its reports b·2^k + 1 to (b+1)·2^k). Kept
 * as reports are written, it lets a chart of any run read at most a chart's worth of rows. Twenty
 * levels draw a run of a billion reports in a thousand points; the migration made these levels, so
 * changing them takes another.
 */
export const TOP_LEVEL = 20;

/** A metric's reports in a chunk, in order: each value and the step it is drawn at. */
export type Reported = { value: number; step: number }[];

/**
 * The finest level at which `reports` fill at most `points` buckets: 0 (each report as it was) for a
 * run shorter than a chart. Past the top level a chart gets more points rather than none.
 */
export function levelFor(reports: number, points: number): number {
  let level = 0;
  while (level < TOP_LEVEL && Math.ceil(reports / 2 ** level) > points) level++;
  return level;
}

/** How many times the run has reported each metric: the top level holds them all in a bucket or few. */
export async function reportsSoFar(db: Db, instanceId: number): Promise<Map<string, number>> {
  const { rows } = await sql<{ name: string; reports: string }>`
    select name, sum(count) as reports from metric_buckets where instance_id = ${instanceId} and level = ${TOP_LEVEL} group by name order by name`.execute(db);
  return new Map(rows.map((row) => [row.name, Number(row.reports)]));
}

/**
 * The statement that adds a chunk of reports to the rollup, for the statement that inserts them. The
 * chunk is summed up here, not in SQL: a chain of twenty grouping steps cost the database four times
 * more to plan than to run. Each report is placed on from its metric's reports so far, so a chunk
 * that starts or ends inside a bucket adds to it; each level sums the one below it, so a chunk costs
 * about twice its reports. The buckets already there merge: counts and sums add, lows and highs
 * widen, the last step is the highest.
 */
export function addToRollup(tenantId: number, instanceId: number, chunk: Map<string, Reported>, before: Map<string, number>): RawBuilder<unknown> {
  const rows = [...chunk].flatMap(([name, reported]) => levelsOf(name, reported, before.get(name) ?? 0));
  const column = <K extends keyof BucketRow>(key: K) => rows.map((row) => row[key]);
  return sql`
    insert into metric_buckets (tenant_id, instance_id, level, name, bucket, count, sum, low, high, step)
    select ${tenantId}, ${instanceId}, level, name, bucket, count, sum, low, high, step
    from unnest(${column('level')}::int[], ${column('name')}::text[], ${column('bucket')}::bigint[], ${column('count')}::bigint[],
      ${column('sum')}::float8[], ${column('low')}::float8[], ${column('high')}::float8[], ${column('step')}::bigint[])
      as chunk(level, name, bucket, count, sum, low, high, step)
    on conflict (instance_id, level, name, bucket) do update set
      count = metric_buckets.count + excluded.count, sum = metric_buckets.sum + excluded.sum,
      low = least(metric_buckets.low, excluded.low), high = greatest(metric_buckets.high, excluded.high),
      step = greatest(metric_buckets.step, excluded.step)`;
}

interface BucketRow {
  level: number;
  name: string;
  bucket: number;
  count: number;
  sum: number;
  low: number;
  high: number;
  step: number;
}

/** One metric's chunk at every level, its reports numbered on from `before`. */
function levelsOf(name: string, reported: Reported, before: number): BucketRow[] {
  let below = reported.map(({ value, step }, index) => ({ level: 0, name, bucket: before + index, count: 1, sum: value, low: value, high: value, step }));
  const rows: BucketRow[] = [];
  for (let level = 1; level <= TOP_LEVEL; level++) {
    const here: BucketRow[] = [];
    for (const row of below) {
      const bucket = Math.floor(row.bucket / 2);
      const last = here.at(-1);
      if (last?.bucket !== bucket) here.push({ ...row, level, bucket });
      else
        Object.assign(last, {
          count: last.count + row.count,
          sum: last.sum + row.sum,
          low: Math.min(last.low, row.low),
          high: Math.max(last.high, row.high),
          step: Math.max(last.step, row.step),
        });
    }
    rows.push(...here);
    below = here;
  }
  return rows;
}

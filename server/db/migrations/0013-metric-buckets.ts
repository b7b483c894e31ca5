import { sql, type Kysely } from 'kysely';

/**
 * A run's metrics rolled up as they are written, so a chart reads a thousand rows, not every report:
 * for each metric, level k (1 to 20) holds buckets of 2^k of its reports in order (bucket b: its
 * reports b·2^k + 1 to (b+1)·2^k), each with their count, sum, lowest, highest and last step. The
 * runs module (metric-rollup.ts) keeps them with the reports in the same statement and deletes them
 * with them; its levels are these, so changing them takes a migration. Metrics kept before are
 * rolled up here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('metric_buckets')
    .addColumn('tenant_id', 'bigint', (col) => col.notNull())
    .addColumn('instance_id', 'bigint', (col) => col.notNull())
    .addColumn('level', 'integer', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('bucket', 'bigint', (col) => col.notNull())
    .addColumn('count', 'bigint', (col) => col.notNull())
    .addColumn('sum', 'float8', (col) => col.notNull())
    .addColumn('low', 'float8', (col) => col.notNull())
    .addColumn('high', 'float8', (col) => col.notNull())
    .addColumn('step', 'bigint', (col) => col.notNull())
    // Level first: a chart reads one level of each metric, and the totals one level of all metrics.
    .addPrimaryKeyConstraint('metric_buckets_pkey', ['instance_id', 'level', 'name', 'bucket'])
    .execute();
  await sql`
    insert into metric_buckets (tenant_id, instance_id, level, name, bucket, count, sum, low, high, step)
    select tenant_id, instance_id, level, name, (ordinal - 1) >> level, count(*), sum(value), min(value), max(value), max(step)
    from (
      select tenant_id, instance_id, name, value, coalesce(step, seq) as step, row_number() over (partition by instance_id, name order by seq) as ordinal
      from instance_metrics
    ) as reports cross join generate_series(1, 20) as level
    group by tenant_id, instance_id, level, name, (ordinal - 1) >> level`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('metric_buckets').ifExists().execute();
}

import { sql, type Kysely } from 'kysely';

/**
 * The durable job queue (server/jobs/): jobs claimed with FOR UPDATE SKIP LOCKED under a lease, and
 * the last due time each periodic job was enqueued for, so each due time fires once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('payload', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('state', 'text', (col) =>
      col
        .notNull()
        .defaultTo('queued')
        .check(sql`state in ('queued', 'running', 'succeeded', 'failed')`),
    )
    .addColumn('run_at', 'timestamptz', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (col) => col.notNull().check(sql`max_attempts > 0`))
    .addColumn('lease_until', 'timestamptz')
    .addColumn('locked_by', 'text')
    .addColumn('last_error', 'text')
    // NULLs are distinct: the key binds only the jobs that set one (a periodic job's due time, a caller's dedupe key).
    .addColumn('singleton_key', 'text', (col) => col.unique())
    .addColumn('created_time', 'timestamptz', (col) => col.notNull())
    .addColumn('updated_time', 'timestamptz', (col) => col.notNull())
    .addColumn('finished_time', 'timestamptz')
    .execute();
  // What a claim scans: due queued jobs in order, and running jobs whose lease ran out.
  await db.schema.createIndex('jobs_queued_run_at_idx').on('jobs').columns(['run_at', 'id']).where(sql.ref('state'), '=', 'queued').execute();
  await db.schema.createIndex('jobs_running_lease_until_idx').on('jobs').column('lease_until').where(sql.ref('state'), '=', 'running').execute();
  await db.schema.createIndex('jobs_finished_time_idx').on('jobs').column('finished_time').where(sql.ref('finished_time'), 'is not', null).execute();

  await db.schema
    .createTable('job_schedules')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('last_due_time', 'timestamptz', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_schedules').ifExists().execute();
  await db.schema.dropTable('jobs').ifExists().execute();
}

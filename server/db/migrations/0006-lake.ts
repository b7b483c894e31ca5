import type { Kysely } from 'kysely';

/**
 * The data lake's bookkeeping beside its entities: each part of an upload as it was received (so any
 * server process can take the next part, and a resumed upload skips what is held), and each
 * download link given out, with the bytes it counts against the space's download quota.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('upload_parts')
    .addColumn('upload_id', 'text', (col) => col.notNull())
    .addColumn('part_number', 'integer', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('etag', 'text', (col) => col.notNull())
    .addColumn('md5', 'text', (col) => col.notNull())
    .addColumn('received_time', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('upload_parts_pkey', ['upload_id', 'part_number'])
    .execute();

  await db.schema
    .createTable('raw_data_downloads')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('tenant_id', 'bigint', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('bag_id', 'bigint', (col) => col.notNull())
    .addColumn('bytes', 'bigint', (col) => col.notNull())
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('created_time', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('raw_data_downloads_tenant_time_idx').on('raw_data_downloads').columns(['tenant_id', 'created_time']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('raw_data_downloads').ifExists().execute();
  await db.schema.dropTable('upload_parts').ifExists().execute();
}

import type { Kysely } from 'kysely';

/** Tenants, accounts and the sign-in state (nonces, sessions, rate counters). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tenants')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('code', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('internal', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('raw_data_storage_quota', 'bigint')
    .addColumn('raw_data_download_quota', 'bigint')
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'text', (col) => col.notNull())
    .addColumn('created_time', 'timestamptz', (col) => col.notNull())
    .addColumn('updated_time', 'timestamptz', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('tenant_id', 'bigint', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('must_change_password', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('creator', 'text', (col) => col.notNull())
    .addColumn('modifier', 'text', (col) => col.notNull())
    .addColumn('created_time', 'timestamptz', (col) => col.notNull())
    .addColumn('updated_time', 'timestamptz', (col) => col.notNull())
    .addUniqueConstraint('accounts_tenant_code_key', ['tenant_id', 'code'])
    .addUniqueConstraint('accounts_tenant_name_key', ['tenant_id', 'name'])
    .execute();

  await db.schema
    .createTable('nonces')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('random_key', 'text', (col) => col.notNull())
    .addColumn('expires_time', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('nonces_expires_time_idx').on('nonces').column('expires_time').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('key_hash', 'text', (col) => col.primaryKey())
    .addColumn('account_id', 'bigint', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('tenant_id', 'bigint', (col) => col.notNull())
    .addColumn('created_time', 'timestamptz', (col) => col.notNull())
    .addColumn('last_seen_time', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_account_id_idx').on('sessions').column('account_id').execute();
  await db.schema.createIndex('sessions_last_seen_time_idx').on('sessions').column('last_seen_time').execute();

  await db.schema
    .createTable('rate_counters')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('window_end', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('rate_counters_window_end_idx').on('rate_counters').column('window_end').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['rate_counters', 'sessions', 'nonces', 'accounts', 'tenants']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

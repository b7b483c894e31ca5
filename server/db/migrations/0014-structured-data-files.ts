import { sql, type Kysely } from 'kysely';

/**
 * A structured data record's files are uploaded, no longer typed: `files` turns from a list of
 * names (text[], GIN-indexed for a tag filter) into the JSON list the server writes as each file
 * is stored ([{ name, size, sha256, key, time }]). Names typed before had no bytes behind them, so
 * nothing of them can be kept as a stored file: they are left in the audit trail, and the list
 * starts empty. On a new database the table does not exist yet (entity tables are made after the
 * migrations): nothing to do.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(await hasArrayFiles(db))) return;
  await sql`drop index if exists structured_data_files_gin_idx`.execute(db);
  await sql`alter table structured_data alter column files type text using '[]'`.execute(db);
}

/** Back to names: each stored file's name (a column's type cannot change through a subquery, so the names go into a new one). */
export async function down(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ found: string | null }>`select to_regclass('structured_data')::text as found`.execute(db);
  if (!rows[0]?.found || (await hasArrayFiles(db))) return;
  await sql`alter table structured_data add column file_names text[]`.execute(db);
  await sql`update structured_data set file_names =
    array(select item ->> 'name' from jsonb_array_elements(coalesce(nullif(files, ''), '[]')::jsonb) as item)`.execute(db);
  await sql`alter table structured_data drop column files`.execute(db);
  await sql`alter table structured_data rename column file_names to files`.execute(db);
}

async function hasArrayFiles(db: Kysely<unknown>): Promise<boolean> {
  const { rows } = await sql<{ type: string }>`
    select data_type as type from information_schema.columns
    where table_schema = current_schema() and table_name = 'structured_data' and column_name = 'files'`.execute(db);
  return rows[0]?.type === 'ARRAY';
}

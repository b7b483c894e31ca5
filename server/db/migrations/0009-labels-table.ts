import { sql, type Kysely } from 'kysely';

/**
 * The label entity's table takes the entity's name: quality_labels becomes labels, rows, ids and
 * identity kept. Its primary key, foreign key, indexes and identity sequence carry the table's name
 * as their prefix; they are renamed with it, so the start's index sync finds them under the names
 * it derives (with their definitions unchanged, nothing is rebuilt). On a new database the table
 * does not exist yet (entity tables are made after the migrations): nothing to do.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await renameTable(db, 'quality_labels', 'labels');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await renameTable(db, 'labels', 'quality_labels');
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function renameTable(db: Kysely<unknown>, from: string, to: string): Promise<void> {
  const { rows: tables } = await sql<{ found: string | null }>`select to_regclass(${from})::text as found`.execute(db);
  if (!tables[0]?.found) return;
  await sql.raw(`alter table ${ident(from)} rename to ${ident(to)}`).execute(db);
  const renamed = (name: string) => `${to}${name.slice(from.length)}`;
  const prefix = `${from}_`;

  // Constraints first: renaming a primary key or unique constraint renames its index too.
  const { rows: constraints } = await sql<{ name: string }>`
    select conname as name from pg_constraint
    where conrelid = to_regclass(${to}) and left(conname, ${prefix.length}) = ${prefix}`.execute(db);
  for (const { name } of constraints) await sql.raw(`alter table ${ident(to)} rename constraint ${ident(name)} to ${ident(renamed(name))}`).execute(db);

  // Then the indexes no constraint owns, and the identity sequence, all in this schema.
  const { rows: relations } = await sql<{ name: string; kind: string }>`
    select c.relname as name, c.relkind::text as kind from pg_class c
    where c.relnamespace = current_schema()::regnamespace and c.relkind in ('i', 'S') and left(c.relname, ${prefix.length}) = ${prefix}`.execute(db);
  for (const { name, kind } of relations)
    await sql.raw(`alter ${kind === 'S' ? 'sequence' : 'index'} ${ident(name)} rename to ${ident(renamed(name))}`).execute(db);
}

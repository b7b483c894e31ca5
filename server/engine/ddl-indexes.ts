import { sql } from 'kysely';
import { storedFields } from '../../model/schemas/engine/entity';
import type { AnyEntity } from '../../model/schemas/engine/types';
import type { Db } from '../db/tables';
import { ident, snake } from './naming';

/** The text columns lists search by substring (trigram-indexed). */
export const searchedColumns = (entity: AnyEntity) => storedFields(entity).flatMap(([name, field]) => (field.index === 'trigram' ? [snake(name)] : []));

/**
 * The indexes a declaration asks for. Each carries its definition as its comment: when a
 * declaration changes one, it is rebuilt, and one it no longer asks for is dropped (an index is
 * derived data; nothing is lost).
 */
export async function syncIndexes(db: Db, entity: AnyEntity, trigramOps: string | undefined): Promise<void> {
  const declared = new Set<string>();
  const createIndex = async (suffix: string, definition: string, unique = false) => declared.add(await ensureIndex(db, entity, suffix, definition, unique));
  const scoped = (cols: string) => (entity.scope === 'tenant' ? `tenant_id, ${cols}` : cols);
  const sortColumn = entity.sort.field === 'id' ? 'id' : snake(entity.sort.field);
  const sortKey = `${ident(sortColumn)} desc, id desc`;
  // Searched names ride along, so a search walks the sort order without reading rows.
  const searched = searchedColumns(entity);
  // An entity listed within its parent leads with the parent alone: the parent is of one space, and
  // its own queries (a version's figures, its manifest) name it without the space.
  const sortColumns = entity.listedWithin ? `${ident(snake(entity.listedWithin))}, ${sortKey}` : scoped(sortKey);
  await createIndex('sort', `(${sortColumns})${searched.length ? ` include (${searched.map(ident).join(', ')})` : ''}`);
  // Equality filters first, then the sort: a filtered first page and its total read one index range.
  for (const fields of entity.indexes ?? []) {
    const cols = fields.map((field: string) => ident(snake(field))).join(', ');
    await createIndex(`${fields.map(snake).join('_')}_list`, `(${scoped(`${cols}, ${sortKey}`)})`);
  }
  for (const [name, field] of storedFields(entity)) {
    const column = snake(name);
    if (field.index === 'btree') await createIndex(column, `(${scoped(ident(column))})`);
    if (field.index === 'trigram') {
      await createIndex(`${column}_trgm`, `using gin (${ident(column)} ${trigramOps})`);
      await searchStatistics(db, entity.table, column);
    }
    if (field.index === 'gin') await createIndex(`${column}_gin`, `using gin (${ident(column)})`);
  }
  if (entity.foundBy) await createIndex(`${snake(entity.foundBy)}_found`, `(${ident(snake(entity.foundBy))})`);
  for (const fields of entity.unique ?? []) {
    const cols = fields.map((field: string) => ident(snake(field))).join(', ');
    await createIndex(`${fields.map(snake).join('_')}_uniq`, `(${scoped(cols)})`, true);
  }
  for (const { fields, where } of entity.uniqueWhere ?? []) {
    const cols = fields.map((field: string) => ident(snake(field))).join(', ');
    const conditions = Object.entries(where as Record<string, string>).map(([field, value]) => `${ident(snake(field))} = ${literal(value)}`);
    const suffix = [
      ...fields.map(snake),
      ...Object.values(where as Record<string, string>).map((value) => value.toLowerCase().replace(/[^a-z0-9]+/g, '_')),
    ].join('_');
    await createIndex(`${suffix}_uniq`, `(${scoped(cols)}) where ${conditions.join(' and ')}`, true);
  }
  await dropUndeclared(db, entity.table, declared);
}

/** A text constant in SQL (a partial index's condition cannot take a parameter). */
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** Drops the indexes this engine made on the table (they carry its signature) that no declaration asks for any more. */
async function dropUndeclared(db: Db, table: string, declared: ReadonlySet<string>): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
    where i.indrelid = to_regclass(${table}) and not i.indisprimary and obj_description(c.oid, 'pg_class') is not null`.execute(db);
  for (const { name } of rows) if (!declared.has(name)) await sql.raw(`drop index if exists ${ident(name)}`).execute(db);
}

/**
 * How many values ANALYZE keeps of a searched column. The planner estimates how often a substring
 * occurs by trying it on the column's histogram: with the default 100 entries a term in 0.5 % of the
 * names is guessed at 0.01 %, 1 % or 2 % depending on the sample, and a search's plan flips with
 * each ANALYZE. A thousand entries estimate it to within a few tenths of a percent.
 */
export const SEARCH_STATISTICS = 1000;

async function searchStatistics(db: Db, table: string, column: string): Promise<void> {
  const { rows } = await sql<{ target: number | null }>`
    select attstattarget as target from pg_attribute where attrelid = to_regclass(${table}) and attname = ${column}`.execute(db);
  if (rows[0]?.target === SEARCH_STATISTICS) return;
  await sql.raw(`alter table ${ident(table)} alter column ${ident(column)} set statistics ${SEARCH_STATISTICS}`).execute(db);
}

/** Makes the named index as defined (unless it already is); answers its name. */
async function ensureIndex(db: Db, entity: AnyEntity, suffix: string, definition: string, unique: boolean): Promise<string> {
  const name = `${entity.table}_${suffix}_idx`;
  const signature = `${unique ? 'unique ' : ''}${definition}`;
  const { rows } = await sql<{ signature: string | null }>`select obj_description(to_regclass(${name}), 'pg_class') as signature`.execute(db);
  if (rows[0]?.signature === signature) return name;
  await sql.raw(`drop index if exists ${ident(name)}`).execute(db);
  await sql.raw(`create ${unique ? 'unique ' : ''}index ${ident(name)} on ${ident(entity.table)} ${definition}`).execute(db);
  await sql.raw(`comment on index ${ident(name)} is '${signature.replace(/'/g, "''")}'`).execute(db);
  return name;
}

import { sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { fieldEntries } from '../../src/schemas/engine/entity';
import type { AnyEntity, FieldDecl } from '../../src/schemas/engine/types';
import { TOTAL_CAP } from '../../src/schemas/envelope';
import type { Db } from '../db/tables';
import { ApiError } from '../http/api-error';
import { toRecord } from './records';

export interface ListParams {
  pageNum: number;
  /** -1: everything, up to TOTAL_CAP rows. */
  pageSize: number;
  sort?: string;
  /** From the previous page's `nextCursor`: the next page by keyset, however deep. */
  cursor?: string;
  filters: Record<string, string | string[] | undefined>;
}

// Queries over declared tables are built from declarations, so they are typed loosely here.
type AnyDb = Kysely<any>;
type Query = SelectQueryBuilder<any, any, any>;

const invalid = (field: string, label: string) => new ApiError(400, 'validation:invalid', { label }, { field });

function parseValue(field: FieldDecl, name: string, raw: string): unknown {
  switch (field.column) {
    case 'bigint':
    case 'double precision':
    case 'numeric(14,2)': {
      const value = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(value)) throw invalid(name, field.label);
      // A whole-number column compares only with whole numbers the database can hold.
      if (field.column === 'bigint' && !Number.isSafeInteger(value)) throw invalid(name, field.label);
      return value;
    }
    case 'boolean':
      if (raw !== 'true' && raw !== 'false') throw invalid(name, field.label);
      return raw === 'true';
    case 'timestamptz': {
      const value = new Date(raw);
      if (Number.isNaN(value.getTime())) throw invalid(name, field.label);
      return value;
    }
    default:
      return raw;
  }
}

const list = (raw: string | string[]) => (Array.isArray(raw) ? raw : raw.split(',')).map((item) => item.trim()).filter(Boolean);
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The declared filters present in the query string, as conditions. */
function applyFilters(query: Query, entity: AnyEntity, filters: ListParams['filters']): Query {
  for (const [name, field] of fieldEntries(entity)) {
    if (!field.filter || field.column === 'none') continue;
    const raw = filters[name];
    if (field.filter === 'range') {
      const from = filters[`${name}.from`];
      const to = filters[`${name}.to`];
      if (typeof from === 'string' && from !== '') query = query.where(name, '>=', parseValue(field, name, from));
      if (typeof to === 'string' && to !== '') query = query.where(name, '<=', parseValue(field, name, to));
      continue;
    }
    if (raw === undefined || raw === '' || (Array.isArray(raw) && raw.length === 0)) continue;
    const value = Array.isArray(raw) ? raw.join(',') : raw;
    if (field.filter === 'contains') query = query.where(name, 'ilike', `%${escapeLike(value.trim())}%`);
    else if (field.filter === 'equals') query = query.where(name, '=', parseValue(field, name, value));
    else if (field.filter === 'oneOf')
      query = query.where(
        name,
        'in',
        list(raw).map((item) => parseValue(field, name, item)),
      );
    else if (field.filter === 'tagContains') query = query.where(name, '@>', sql<string[]>`${list(raw)}::text[]`);
  }
  return query;
}

const SYSTEM_SORTS = new Set(['id', 'createdTime', 'updatedTime']);

function sortOf(entity: AnyEntity, sort: string | undefined): { field: string; order: 'asc' | 'desc' } {
  if (!sort) return entity.sort;
  const [field = '', order = 'asc'] = sort.split(';')[0]!.split(',');
  const declared = entity.fields[field] as FieldDecl | undefined;
  const sortable = SYSTEM_SORTS.has(field) || field === entity.sort.field || (declared && declared.list && declared.list.sortable);
  if (!sortable || (order !== 'asc' && order !== 'desc')) throw new ApiError(400, 'validation:invalid', { label: 'common:sort' }, { field: 'sort' });
  return { field, order };
}

/** A keyset position: the sort value and id of the last row of a page. */
export const encodeCursor = (value: unknown, id: unknown) =>
  Buffer.from(JSON.stringify([value instanceof Date ? value.toISOString() : value, id])).toString('base64url');
function decodeCursor(cursor: string): [unknown, number] {
  try {
    const [value, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, number];
    if (typeof id !== 'number') throw new Error('no id');
    return [value, id];
  } catch {
    throw new ApiError(400, 'validation:invalid', { label: 'common:cursor' }, { field: 'cursor' });
  }
}

/**
 * One page of an entity's records with a capped total. Sorting by the entity's own sort order
 * pages by keyset when given a cursor (page 10,000 costs what page 1 does); other sorts use offsets.
 */
export async function listRecords(db: Db, entity: AnyEntity, tenantId: number | null, params: ListParams) {
  const anyDb = db as unknown as AnyDb;
  let base: Query = anyDb.selectFrom(entity.table);
  if (tenantId !== null) base = base.where('tenantId', '=', tenantId);
  base = applyFilters(base, entity, params.filters);

  const { field, order } = sortOf(entity, params.sort);
  const keyset = field === entity.sort.field && order === entity.sort.order;
  const comparison = order === 'desc' ? '<' : '>';
  const isDate = (entity.fields[field] as FieldDecl | undefined)?.column === 'timestamptz' || field.endsWith('Time');
  // The page's ids first, from an index alone where one covers the filters; then just those rows.
  let ids = base.select('id').orderBy(field, order).orderBy('id', order);
  const limit = params.pageSize === -1 ? TOTAL_CAP : params.pageSize;
  if (params.cursor && keyset) {
    const [value, id] = decodeCursor(params.cursor);
    const position = isDate ? new Date(String(value)) : value;
    ids = ids.where((eb) => eb(eb.refTuple(field, 'id'), comparison, eb.tuple(position as never, id)) as Expression<SqlBool>);
  } else if (params.pageSize !== -1) ids = ids.offset((params.pageNum - 1) * params.pageSize);
  const page = anyDb.selectFrom(entity.table).selectAll().where('id', 'in', ids.limit(limit)).orderBy(field, order).orderBy('id', order);

  // A cursor past the cap means the pages before it already hold more rows than the cap: no count needed.
  const beyondCap = Boolean(params.cursor && keyset && (params.pageNum - 1) * params.pageSize >= TOTAL_CAP);
  const count = anyDb
    .selectFrom(
      base
        .select(sql.lit(1).as('one'))
        .limit(TOTAL_CAP + 1)
        .as('capped'),
    )
    .select((eb) => eb.fn.countAll<number>().as('total'));
  const [rows, counted] = await Promise.all([page.execute(), beyondCap ? { total: TOTAL_CAP + 1 } : count.executeTakeFirstOrThrow()]);
  const last = rows.at(-1) as Record<string, unknown> | undefined;
  return {
    records: rows.map((row) => toRecord(entity, row as Record<string, unknown>)),
    total: Math.min(Number(counted.total), TOTAL_CAP),
    totalCapped: Number(counted.total) > TOTAL_CAP,
    pageNum: params.pageNum,
    pageSize: params.pageSize,
    ...(keyset && last && rows.length === limit ? { nextCursor: encodeCursor(last[field], last.id) } : {}),
  };
}

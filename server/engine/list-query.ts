import { sql } from 'kysely';
import { DECIMAL, instantOf, MONEY_LIMIT, WHOLE } from '../../model/schemas/engine/bounds';
import { fieldEntries } from '../../model/schemas/engine/entity';
import type { AnyEntity, ColumnType, FieldDecl } from '../../model/schemas/engine/types';
import { TOTAL_CAP } from '../../model/schemas/envelope';
import type { Db } from '../db/tables';
import { ApiError } from '../http/api-error';
import { decodeRows } from './json-rows';
import { pageStatement, type Condition } from './list-page';
import { toRecord } from './records';
import { loose } from './queries';
import { inScope, type Scope } from './scope';

export interface ListParams {
  pageNum: number;
  /** -1: everything, up to TOTAL_CAP rows. */
  pageSize: number;
  sort?: string;
  /** From the previous page's `nextCursor`: the next page by keyset, however deep. */
  cursor?: string;
  filters: Record<string, string | string[] | undefined>;
}

const invalid = (field: string, label: string) => new ApiError(400, 'validation:invalid', { label }, { field });

/** A filter value as its column compares it, or undefined when the column could not hold it (the database would fail). */
function columnValue(column: ColumnType, raw: string): unknown {
  switch (column) {
    case 'bigint': {
      // A whole-number column compares only with whole numbers the database can hold.
      const value = Number(raw.trim());
      return WHOLE.test(raw.trim()) && Number.isSafeInteger(value) ? value : undefined;
    }
    case 'double precision':
    case 'numeric(14,2)': {
      const value = Number(raw.trim());
      if (!DECIMAL.test(raw.trim()) || !Number.isFinite(value)) return undefined;
      return column === 'numeric(14,2)' && Math.abs(value) > MONEY_LIMIT ? undefined : value;
    }
    case 'boolean':
      return raw === 'true' ? true : raw === 'false' ? false : undefined;
    case 'timestamptz':
      return instantOf(raw.trim());
    default:
      return raw;
  }
}

function parseValue(field: FieldDecl, name: string, raw: string): unknown {
  const value = columnValue(field.column, raw);
  if (value === undefined) throw invalid(name, field.label);
  return value;
}

const list = (raw: string | string[]) => (Array.isArray(raw) ? raw : raw.split(',')).map((item) => item.trim()).filter(Boolean);
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The declared filters present in the query string, as conditions; a value its column cannot hold is refused here. */
function filterConditions(entity: AnyEntity, filters: ListParams['filters']): Condition[] {
  const conditions: Condition[] = [];
  for (const [name, field] of fieldEntries(entity)) {
    if (!field.filter || field.column === 'none') continue;
    const raw = filters[name];
    if (field.filter === 'range') {
      const from = filters[`${name}.from`];
      const to = filters[`${name}.to`];
      if (typeof from === 'string' && from !== '') conditions.push([name, '>=', parseValue(field, name, from)]);
      if (typeof to === 'string' && to !== '') conditions.push([name, '<=', parseValue(field, name, to)]);
      continue;
    }
    if (raw === undefined || raw === '' || (Array.isArray(raw) && raw.length === 0)) continue;
    const value = Array.isArray(raw) ? raw.join(',') : raw;
    if (field.filter === 'contains') conditions.push([name, 'ilike', `%${escapeLike(value.trim())}%`]);
    else if (field.filter === 'equals') conditions.push([name, '=', parseValue(field, name, value)]);
    else if (field.filter === 'oneOf') {
      const items = list(raw).map((item) => parseValue(field, name, item));
      if (items.length) conditions.push([name, 'in', items]);
    } else if (field.filter === 'tagContains') conditions.push([name, '@>', sql<string[]>`${list(raw)}::text[]`]);
  }
  return conditions;
}

const SYSTEM_SORTS = new Set(['id', 'createdTime', 'updatedTime']);

/** `field,asc` or `field,desc` of a sortable field, exactly: anything else (a second sort, a tail, no order) is refused. */
function sortOf(entity: AnyEntity, sort: string | undefined): { field: string; order: 'asc' | 'desc' } {
  if (sort === undefined || sort === '') return entity.sort;
  const [, field = '', order] = /^([A-Za-z][A-Za-z0-9_]*),(asc|desc)$/.exec(sort) ?? [];
  const declared = Object.hasOwn(entity.fields, field) ? (entity.fields[field] as FieldDecl) : undefined;
  const sortable = SYSTEM_SORTS.has(field) || field === entity.sort.field || Boolean(declared?.list && declared.list.sortable);
  if (!order || !sortable) throw new ApiError(400, 'validation:invalid', { label: 'common:sort' }, { field: 'sort' });
  return { field, order: order as 'asc' | 'desc' };
}

/** How a sort field is stored: the system columns, or as declared. */
const columnOf = (entity: AnyEntity, field: string): ColumnType =>
  field === 'id' ? 'bigint' : field === 'createdTime' || field === 'updatedTime' ? 'timestamptz' : (entity.fields[field] as FieldDecl).column;

/** A keyset position: the sort value and id of the last row of a page. */
export const encodeCursor = (value: unknown, id: unknown) =>
  Buffer.from(JSON.stringify([value instanceof Date ? value.toISOString() : value, id])).toString('base64url');

/** The value of a cursor's sort position as its column compares it, or undefined when it is not one (as encodeCursor writes them). */
function positionValue(column: ColumnType, value: unknown): unknown {
  if (column === 'timestamptz') return typeof value === 'string' ? instantOf(value) : undefined;
  if (column === 'bigint') return Number.isSafeInteger(value) ? value : undefined;
  if (column === 'double precision' || column === 'numeric(14,2)')
    return typeof value === 'number' && Number.isFinite(value) && (column !== 'numeric(14,2)' || Math.abs(value) <= MONEY_LIMIT) ? value : undefined;
  if (column === 'text') return typeof value === 'string' && !value.includes('\u0000') ? value : undefined;
  if (column === 'boolean') return typeof value === 'boolean' ? value : undefined;
  return undefined;
}

/**
 * A cursor's keyset position, checked against the entity's own sort field (the only one cursors are
 * issued for): exactly [value of the field's type, positive safe integer id]; anything else is refused.
 */
function decodeCursor(entity: AnyEntity, cursor: string): [unknown, number] {
  const refused = () => new ApiError(400, 'validation:invalid', { label: 'common:cursor' }, { field: 'cursor' });
  let decoded: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw refused();
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw refused();
  }
  if (!Array.isArray(decoded) || decoded.length !== 2) throw refused();
  const [value, id] = decoded as [unknown, unknown];
  const position = positionValue(columnOf(entity, entity.sort.field), value);
  if (position === undefined || !Number.isSafeInteger(id) || (id as number) < 1) throw refused();
  return [position, id as number];
}

/** A list's parameters, checked and compiled: what listRecords runs. */
export interface ListPlan {
  conditions: Condition[];
  field: string;
  order: 'asc' | 'desc';
  /** Sorted by the entity's own order: pages by keyset. */
  keyset: boolean;
  /** The keyset position of a given cursor (its sort value as the column compares it, and id). */
  position?: [unknown, number];
}

/**
 * Checks every list parameter (filters, sort, cursor) against the declaration and compiles it, with
 * no database call: a bad one is refused with 400 here, before anything is queried or sent (an export
 * checks the same before its first byte).
 */
export function compileList(entity: AnyEntity, params: ListParams): ListPlan {
  const conditions = filterConditions(entity, params.filters);
  const { field, order } = sortOf(entity, params.sort);
  const position = params.cursor ? decodeCursor(entity, params.cursor) : undefined;
  return { conditions, field, order, keyset: field === entity.sort.field && order === entity.sort.order, ...(position ? { position } : {}) };
}

/**
 * One page of an entity's records with a capped total. Sorting by the entity's own sort order
 * pages by keyset when given a cursor (page 10,000 costs what page 1 does); other sorts use offsets.
 * The count and the page come back in one round trip; `counted: false` where the total is not wanted
 * (an export's batches): the page alone is read, and `total` means nothing.
 */
export async function listRecords(db: Db, entity: AnyEntity, scope: Scope, params: ListParams, { counted = true } = {}) {
  const { conditions, field, order, keyset, position } = compileList(entity, params);
  const limit = params.pageSize === -1 ? TOTAL_CAP : params.pageSize;
  const statement = pageStatement(db, entity, {
    scope,
    conditions,
    field,
    order,
    limit,
    ...(position && keyset ? { position } : params.pageSize !== -1 ? { offset: (params.pageNum - 1) * params.pageSize } : {}),
    // A cursor past the cap means the pages before it already hold more rows than the cap: no count needed.
    beyondCap: !counted || Boolean(params.cursor && keyset && (params.pageNum - 1) * params.pageSize >= TOTAL_CAP),
  });
  const [answer] = (await db.executeQuery<{ rows: string | null; total: number }>(statement)).rows;
  const rows = decodeRows(entity, answer!.rows);
  const total = Number(answer!.total);
  const last = rows.at(-1);
  return {
    records: rows.map((row) => toRecord(entity, row)),
    total: Math.min(total, TOTAL_CAP),
    pageNum: params.pageNum,
    pageSize: params.pageSize,
    totalCapped: total > TOTAL_CAP,
    ...(keyset && last && rows.length === limit ? { nextCursor: encodeCursor(last[field], last.id) } : {}),
  };
}

/**
 * The rows of an entity in a scope that a list's filters match (the raw-data list's query, saved as a
 * logic dataset or sent with "all that match"), as a query to select from; a bad filter is a 400.
 */
export function matchingRows(db: Db, entity: AnyEntity, scope: Scope, filters: ListParams['filters']) {
  const { conditions } = compileList(entity, { pageNum: 1, pageSize: 1, filters });
  return conditions.reduce(
    (narrowed, [name, operator, value]) => narrowed.where(name, operator as never, value),
    loose(db).selectFrom(entity.table).where(inScope(scope)),
  );
}

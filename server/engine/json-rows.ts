import { storedFields } from '../../model/schemas/engine/entity';
import type { AnyEntity, ColumnType } from '../../model/schemas/engine/types';
import { snake } from './naming';

/**
 * A list page travels from the database as one json_agg text (server/engine/list-page.ts): one value
 * costs the database and the driver far less than many columns of many rows. This turns it back into
 * the rows the driver would have made: camelCase keys, Date for timestamptz, NaN and ±Infinity
 * (which JSON spells as strings) as numbers for double precision. bigint and numeric arrive as the
 * numbers connect.ts has the driver make of them; arrays and jsonb as the driver parses them.
 */
type Decode = (value: unknown) => unknown;
const same: Decode = (value) => value;
const DECODE: Partial<Record<ColumnType, Decode>> = {
  timestamptz: (value) => (value === null ? null : new Date(value as string)),
  'double precision': (value) => (typeof value === 'string' ? Number(value) : value),
};

/** Each entity's columns as [column, field, decode], worked out once. */
const decoders = new WeakMap<AnyEntity, [string, string, Decode][]>();
function columnsOf(entity: AnyEntity): [string, string, Decode][] {
  let columns = decoders.get(entity);
  if (!columns) {
    const system: [string, ColumnType][] = [
      ['id', 'bigint'],
      ...(entity.scope === 'tenant' ? [['tenantId', 'bigint'] as [string, ColumnType]] : []),
      ['createdBy', 'text'],
      ['updatedBy', 'text'],
      ['createdTime', 'timestamptz'],
      ['updatedTime', 'timestamptz'],
    ];
    const fields = storedFields(entity).map(([name, field]): [string, ColumnType] => [name, field.column]);
    columns = [...system, ...fields].map(([name, column]) => [snake(name), name, DECODE[column] ?? same]);
    decoders.set(entity, columns);
  }
  return columns;
}

/** The rows of a json_agg text (null: no rows). */
export function decodeRows(entity: AnyEntity, json: string | null): Record<string, unknown>[] {
  if (json === null) return [];
  const columns = columnsOf(entity);
  return (JSON.parse(json) as Record<string, unknown>[]).map((raw) => {
    const row: Record<string, unknown> = {};
    for (const [column, name, decode] of columns) row[name] = decode(raw[column] ?? null);
    return row;
  });
}

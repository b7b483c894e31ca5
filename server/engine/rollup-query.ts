import { sql } from 'kysely';
import type { Totals, TotalsReport } from '../../model/schemas/engine/totals';
import type { AnyEntity, RollupDecl } from '../../model/schemas/engine/types';
import type { Db } from '../db/tables';
import { ident, snake } from './naming';
import { rollupTable, sumColumn } from './rollup-ddl';

const DAY = 86_400_000;
/** China time: UTC+8 all year, no daylight saving. */
export const CHINA_OFFSET_MS = 8 * 3_600_000;
/** The day a moment falls on in China time. */
export const dayOf = (moment: Date) => new Date(moment.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
export const daysBefore = (day: string, days: number) => new Date(Date.parse(day) - days * DAY).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  Array.from({ length: Math.round((Date.parse(to) - Date.parse(from)) / DAY) + 1 }, (_, index) =>
    new Date(Date.parse(from) + index * DAY).toISOString().slice(0, 10),
  );

/**
 * The totals of a space's records between two days (inclusive, China time), whole and broken
 * down by day and by each dimension: one pass over the rollup with grouping sets.
 */
export async function readRollup(db: Db, entity: AnyEntity, tenantId: number | null, from: string, to: string): Promise<TotalsReport> {
  const { dimensions, sums } = entity.rollup as RollupDecl;
  const dims = dimensions.map((name) => ident(snake(name)));
  const grouped = ['day', ...dims];
  const select = [
    `to_char(day, 'YYYY-MM-DD') as day`,
    ...dims.map((dim, index) => `${dim} as d${index}`),
    // One bit per grouped column, set where the row totals over it: tells the grouping set apart.
    `grouping(${grouped.join(', ')}) as level`,
    'sum(count) as count',
    ...sums.map((name, index) => `sum(${ident(sumColumn(name))}) as s${index}`),
  ];
  const sets = ['()', ...grouped.map((column) => `(${column})`)].join(', ');
  const scope = tenantId === null ? sql`` : sql`tenant_id = ${tenantId} and`;
  const { rows } = await sql<Record<string, string | number | null>>`
    select ${sql.raw(select.join(', '))} from ${sql.table(rollupTable(entity))}
    where ${scope} day between ${from}::date and ${to}::date
    group by grouping sets (${sql.raw(sets)}) having sum(count) > 0`.execute(db);

  const totalsOf = (row: Record<string, string | number | null> | undefined): Totals => ({
    count: Number(row?.count ?? 0),
    sums: Object.fromEntries(sums.map((name, index) => [name, Number(row?.[`s${index}`] ?? 0)])),
  });
  const all = (1 << grouped.length) - 1;
  /** The level of the set grouping by column `position` alone: every other bit set. */
  const only = (position: number) => all ^ (1 << (grouped.length - 1 - position));
  const perDay = new Map(rows.filter((row) => Number(row.level) === only(0)).map((row) => [String(row.day), totalsOf(row)]));
  return {
    from,
    to,
    total: totalsOf(rows.find((row) => Number(row.level) === all)),
    days: daysBetween(from, to).map((day) => ({ day, ...(perDay.get(day) ?? totalsOf(undefined)) })),
    by: Object.fromEntries(
      dimensions.map((name, index) => [
        name,
        rows
          .filter((row) => Number(row.level) === only(index + 1))
          .map((row) => ({ value: String(row[`d${index}`]), ...totalsOf(row) }))
          .sort((a, b) => b.count - a.count),
      ]),
    ),
  };
}

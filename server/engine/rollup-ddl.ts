import { sql } from 'kysely';
import type { AnyEntity, FieldDecl, RollupDecl } from '../../model/schemas/engine/types';
import type { Db } from '../db/tables';
import { ident, snake } from './naming';
import { statementTriggers } from './statement-triggers';

/** Days are counted in China time: the platform's regions are Suzhou and Beijing (spec §9). */
export const ROLLUP_ZONE = 'Asia/Shanghai';
/** Bumped when the shape of rollup tables changes, so every one is rebuilt. */
const ROLLUP_VERSION = 1;

export const rollupTable = (entity: AnyEntity) => `${entity.table}_daily`;
export const sumColumn = (field: string) => `${snake(field)}_sum`;

/** What a rollup table is made of: the key (space, day, dimensions) and the totals. */
export function rollupShape(entity: AnyEntity & { rollup: RollupDecl }) {
  const { time, dimensions, sums } = entity.rollup;
  const scoped = entity.scope === 'tenant';
  const dims = dimensions.map((name) => ident(snake(name)));
  const sumCols = sums.map((name) => ({ name: ident(sumColumn(name)), source: ident(snake(name)), type: (entity.fields[name] as FieldDecl).column }));
  const key = [...(scoped ? ['tenant_id'] : []), 'day', ...dims];
  const positions = key.map((_, index) => index + 1).join(', ');
  /**
   * The rows of `source` (the table, or a trigger's transition table) as totals to add, negated
   * for removals. Rows of a space being deleted are skipped: its totals go with it.
   */
  const totalsOf = (source: string, sign: '' | '-') => {
    const select = [
      ...(scoped ? ['tenant_id'] : []),
      `(${ident(snake(time))} at time zone '${ROLLUP_ZONE}')::date`,
      ...dims.map((dim) => `coalesce(${dim}, '')`),
      `${sign}count(*)`,
      ...sumCols.map((col) => `${sign}coalesce(sum(${col.source}), 0)`),
    ];
    const live = scoped ? ' and tenant_id in (select id from tenants)' : '';
    return `select ${select.join(', ')} from ${source} where ${ident(snake(time))} is not null${live} group by ${positions} order by ${positions}`;
  };
  const columns = [...key, 'count', ...sumCols.map((col) => col.name)].join(', ');
  const upsert = (source: string, sign: '' | '-') => `
    insert into ${ident(rollupTable(entity))} as r (${columns}) ${totalsOf(source, sign)}
    on conflict (${key.join(', ')}) do update set count = r.count + excluded.count${sumCols.map((col) => `, ${col.name} = r.${col.name} + excluded.${col.name}`).join('')}`;
  const signature = JSON.stringify({ version: ROLLUP_VERSION, zone: ROLLUP_ZONE, time, dimensions, sums, scoped });
  return { scoped, dims, sumCols, key, columns, totalsOf, upsert, signature };
}

/**
 * Keeps `<table>_daily` in step with the table: statement-level triggers add the totals of
 * inserted rows and take away those of deleted ones (an update does both), one upsert per
 * statement however many rows it touched. The rollup is derived data: when its declaration
 * changes it is dropped and rebuilt from the table.
 */
export async function syncRollup(db: Db, entity: AnyEntity): Promise<void> {
  if (!entity.rollup) return;
  const shape = rollupShape(entity as AnyEntity & { rollup: RollupDecl });
  const table = ident(rollupTable(entity));
  const source = ident(entity.table);
  const { rows } = await sql<{ signature: string | null }>`select obj_description(to_regclass(${rollupTable(entity)}), 'pg_class') as signature`.execute(db);
  if (rows[0]?.signature !== shape.signature) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
    const keyColumns = [
      ...(shape.scoped ? ['tenant_id bigint not null references tenants(id) on delete cascade'] : []),
      'day date not null',
      ...shape.dims.map((dim) => `${dim} text not null`),
    ];
    const sumColumns = shape.sumCols.map((col) => `${col.name} ${col.type === 'bigint' ? 'bigint' : 'double precision'} not null default 0`);
    await sql
      .raw(`create table ${table} (${[...keyColumns, 'count bigint not null', ...sumColumns, `primary key (${shape.key.join(', ')})`].join(', ')})`)
      .execute(db);
    await sql.raw(`insert into ${table} (${shape.columns}) ${shape.totalsOf(source, '')}`).execute(db);
    await sql.raw(`comment on table ${table} is '${shape.signature.replace(/'/g, "''")}'`).execute(db);
  }
  await statementTriggers(
    db,
    entity.table,
    `${rollupTable(entity)}_sync`,
    `if TG_OP in ('DELETE', 'UPDATE') then ${shape.upsert('old_rows', '-')}; end if;
     if TG_OP in ('INSERT', 'UPDATE') then ${shape.upsert('new_rows', '')}; end if`,
    rollupTable(entity),
  );
}

import { sql } from 'kysely';
import { fieldEntries } from '../../model/schemas/engine/entity';
import type { AnyEntity, CountDecl } from '../../model/schemas/engine/types';
import type { Db } from '../db/tables';
import { ident, snake } from './naming';
import { statementTriggers } from './statement-triggers';

/** Bumped when the way counters are kept changes, so every one is recounted. */
const COUNTER_VERSION = 1;

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * Keeps each declared counter (`countOf`) in step: statement-level triggers on the counted table add
 * the rows that came to point at a record and take away those that left, one update per statement.
 * A counter whose declaration changed is recounted from the table.
 */
export async function syncCounters(db: Db, entities: AnyEntity[]): Promise<void> {
  const byName = new Map(entities.map((entity) => [entity.name, entity]));
  for (const parent of entities) {
    for (const [name, field] of fieldEntries(parent)) {
      if (!field.counts) continue;
      const child = byName.get(field.counts.entity);
      if (!child) throw new Error(`${parent.name}.${name} counts "${field.counts.entity}", which is not declared`);
      await syncCounter(db, parent, name, child, field.counts);
    }
  }
}

async function syncCounter(db: Db, parent: AnyEntity, name: string, child: AnyEntity, counts: CountDecl): Promise<void> {
  const column = ident(snake(name));
  const key = ident(snake(counts.field));
  const matching = Object.entries(counts.where ?? {})
    .map(([field, value]) => ` and ${ident(snake(field))} = ${literal(value)}`)
    .join('');
  const fnName = `${parent.table}_${snake(name)}_count`;
  const change = (rows: string, sign: '+' | '-') =>
    `update ${ident(parent.table)} p set ${column} = p.${column} ${sign} d.n from (select ${key} as ref, count(*) as n from ${rows} where ${key} is not null${matching} group by ${key}) d where p.id = d.ref`;
  await statementTriggers(
    db,
    child.table,
    fnName,
    `if TG_OP in ('DELETE', 'UPDATE') then ${change('old_rows', '-')}; end if;
     if TG_OP in ('INSERT', 'UPDATE') then ${change('new_rows', '+')}; end if`,
  );
  const signature = JSON.stringify({ version: COUNTER_VERSION, table: child.table, ...counts });
  const { rows } = await sql<{ signature: string | null }>`select obj_description(to_regproc(${fnName}), 'pg_proc') as signature`.execute(db);
  if (rows[0]?.signature === signature) return;
  await sql
    .raw(
      `update ${ident(parent.table)} p set ${column} = (select count(*) from ${ident(child.table)} c where c.${key} = p.id${matching.replace(/ and /g, ' and c.')})`,
    )
    .execute(db);
  await sql.raw(`comment on function ${ident(fnName)}() is ${literal(signature)}`).execute(db);
}

import { sql } from 'kysely';
import type { Db } from '../db/tables';
import { ident } from './naming';

const EVENTS = [
  ['insert', 'new table as new_rows'],
  ['update', 'old table as old_rows new table as new_rows'],
  ['delete', 'old table as old_rows'],
] as const;

/**
 * (Re)creates the function `name` from `body` (plpgsql) and runs it after every insert, update and
 * delete statement on `table`, once per statement, with its rows as `old_rows` / `new_rows`. The
 * triggers are `<prefix>_insert` and so on: a name in use is replaced, never doubled.
 */
export async function statementTriggers(db: Db, table: string, name: string, body: string, prefix = name): Promise<void> {
  const fn = ident(name);
  await sql.raw(`create or replace function ${fn}() returns trigger language plpgsql as $$ begin ${body}; return null; end $$`).execute(db);
  for (const [event, transition] of EVENTS) {
    const trigger = ident(`${prefix}_${event}`);
    await sql.raw(`drop trigger if exists ${trigger} on ${ident(table)}`).execute(db);
    await sql
      .raw(`create trigger ${trigger} after ${event} on ${ident(table)} referencing ${transition} for each statement execute function ${fn}()`)
      .execute(db);
  }
}

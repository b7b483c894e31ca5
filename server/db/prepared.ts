import type { CompiledQuery } from 'kysely';
import type pg from 'pg';

/**
 * Statements the database keeps parsed and planned, per connection: the ones every signed-in call
 * or every list page runs, whose plan does not depend on their values (a key, a space's id, a page's
 * position). Parsing and planning them cost the database more than running them.
 */
const names = new Map<string, string>();
/** A bound on what each connection keeps: a shape beyond it simply runs unprepared. */
const MOST = 500;

/** Runs this query's SQL as a named (prepared) statement from now on; the same query is returned. */
export function prepared<T extends CompiledQuery>(query: T): T {
  if (!names.has(query.sql) && names.size < MOST) names.set(query.sql, `edp_${names.size + 1}`);
  return query;
}

type Query = (...args: unknown[]) => unknown;

/** Makes a pool's connections run the marked statements by name (node-postgres then parses each once per connection). */
export function preparesStatements(pool: pg.Pool): pg.Pool {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as Query;
    client.query = ((text: unknown, values?: unknown, ...rest: unknown[]) => {
      const name = typeof text === 'string' ? names.get(text) : undefined;
      return name ? query({ name, text, values }, ...rest) : query(text, values, ...rest);
    }) as typeof client.query;
  });
  return pool;
}

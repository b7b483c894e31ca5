import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { preparesStatements } from './prepared';
import type { Db, Tables } from './tables';

// bigint ids, count(*) and numeric amounts arrive as strings; every value we keep fits a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value: string) => Number(value));

export type DatabaseTarget = { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string; schema?: string };

export interface Database {
  db: Db;
  kind: DatabaseTarget['kind'];
  close(): Promise<void>;
}

/** Same Kysely, same SQL, same migrations over embedded PGlite or a PostgreSQL server. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
    });
    const db = createKysely(pool);
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  // pg_trgm: substring search on names uses trigram indexes, as on PostgreSQL.
  const lite = new PGlite(target.dir === 'memory://' ? target.dir : path.join(target.dir, 'pgdata'), { extensions: { pg_trgm } });
  await lite.waitReady;
  const db = createKysely(new pg.Pool(createPgConfig(lite) as pg.PoolConfig));
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      await lite.close();
    },
  };
}

const createKysely = (pool: pg.Pool): Db =>
  new Kysely<Tables>({ dialect: new PostgresDialect({ pool: preparesStatements(pool) }), plugins: [new CamelCasePlugin()] });

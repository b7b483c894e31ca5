import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { CamelCasePlugin, Kysely } from 'kysely';
import pg from 'pg';
import { preparesStatements } from './prepared';
import { CurrentSchemaDialect } from './schema-dialect';
import type { Db, Tables } from './tables';

// bigint ids, count(*) and numeric amounts arrive as strings; every value we keep fits a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value: string) => Number(value));

/** `from`: an embedded database's files as `archive()` gave them, to start a new one in memory from (a copy, not the original). */
export type DatabaseTarget = { kind: 'pglite'; dir: string; from?: Blob } | { kind: 'postgres'; url: string; schema?: string };

export interface Database {
  db: Db;
  kind: DatabaseTarget['kind'];
  close(): Promise<void>;
  /** The embedded database's files as one archive; only PGlite has them in hand. */
  archive?: () => Promise<Blob>;
}

/** Same Kysely, same SQL, same migrations over embedded PGlite or a PostgreSQL server. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      // A stopped server refuses at once; one unreachable over the network must not hold a request forever.
      connectionTimeoutMillis: 10_000,
      ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
    });
    // An idle connection the database closed (a restart) is dropped by the pool, and the next query opens
    // a new one; unheard, the pool's 'error' would end the process.
    pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
    const db = createKysely(pool);
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  // pg_trgm: substring search on names uses trigram indexes, as on PostgreSQL.
  const lite = new PGlite(target.dir === 'memory://' ? target.dir : path.join(target.dir, 'pgdata'), {
    extensions: { pg_trgm },
    ...(target.from ? { loadDataDir: target.from } : {}),
  });
  await lite.waitReady;
  const db = createKysely(new pg.Pool(createPgConfig(lite) as pg.PoolConfig));
  return {
    db,
    kind: 'pglite',
    archive: () => lite.dumpDataDir('none'),
    close: async () => {
      await db.destroy();
      await lite.close();
    },
  };
}

const createKysely = (pool: pg.Pool): Db =>
  new Kysely<Tables>({ dialect: new CurrentSchemaDialect({ pool: preparesStatements(pool) }), plugins: [new CamelCasePlugin()] });

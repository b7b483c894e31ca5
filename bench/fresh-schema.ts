import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { postgresForTests } from '../tests/postgres-for-tests';

/**
 * A new, empty schema on the PostgreSQL the tests use (TEST_DATABASE_URL), with the administrator
 * connection that made it and drops it; null where there is no PostgreSQL.
 */
export async function freshSchema(): Promise<{ url: string; schema: string; admin: pg.Client; drop: () => Promise<void> } | null> {
  const url = await postgresForTests();
  if (!url) return null;
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const drop = async () => {
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  };
  return { url, schema, admin, drop };
}

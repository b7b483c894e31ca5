import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import type { ServerProcess } from './server-process';
import { dropSchema } from './test-app';

/**
 * A PostgreSQL schema of its own for the real server processes of one test file: made before its
 * tests, and after them the processes (pushed to `running`) stopped and the schema dropped.
 */
export function useServerSchema() {
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const running: ServerProcess[] = [];
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
  });
  afterAll(async () => {
    await Promise.all(running.map((server) => server.stop('SIGKILL')));
    await dropSchema(url, schema);
  });
  /** DATABASE_URL for a server working in the schema. */
  const databaseUrl = `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  return { url, schema, databaseUrl, running };
}

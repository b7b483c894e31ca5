import pg from 'pg';

/** The PostgreSQL the server suite runs against, or null (with a notice) when none answers. */
export async function postgresForTests(): Promise<string | null> {
  const url = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (process.env.REQUIRE_POSTGRES === '1') throw new Error(`REQUIRE_POSTGRES=1 but PostgreSQL at ${url} is unreachable: ${reason}`);
    console.warn(`\n[notice] PostgreSQL at ${url} is unreachable (${reason}): the server suite runs on PGlite only.\n`);
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

import { execFileSync } from 'node:child_process';
import pg from 'pg';

export interface LocalCluster {
  stop(): void;
  /** Starts it unless it runs already. */
  start(): void;
}

/**
 * The Debian cluster serving `url` on this machine, which a test may stop and start (pg_ctlcluster,
 * as .ci/run starts it); null when the database is elsewhere or not run by pg_ctlcluster.
 */
export function localCluster(url: string): LocalCluster | null {
  const { hostname, port } = new URL(url);
  if (!['127.0.0.1', 'localhost'].includes(hostname)) return null;
  let listed: string;
  try {
    listed = execFileSync('pg_lsclusters', ['-h'], { encoding: 'utf8' });
  } catch {
    return null;
  }
  const line = listed.split('\n').find((row) => row.split(/\s+/)[2] === (port || '5432'));
  if (!line) return null;
  const [version, name] = line.split(/\s+/);
  const online = () => execFileSync('pg_lsclusters', ['-h', version!, name!], { encoding: 'utf8' }).includes(' online ');
  const ctl = (action: 'stop' | 'start') =>
    execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version!, name!, action, ...(action === 'stop' ? ['-m', 'fast'] : [])], { stdio: 'ignore' });
  return { stop: () => ctl('stop'), start: () => void (online() || ctl('start')) };
}

/** One query on a connection of its own: the test's own reads outlive the restarts it causes. */
export async function queryOnce<Row extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

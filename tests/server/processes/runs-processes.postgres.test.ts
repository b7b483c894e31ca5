import pg from 'pg';
import { expect, it } from 'vitest';
import { httpClient } from '../helpers/http-client';
import { useServerSchema } from '../helpers/server-schema';
import { pythonForRuns } from '../helpers/runs';
import { startServer } from '../helpers/server-process';

const { databaseUrl, running } = useServerSchema();

/**
 * With two server processes on one PostgreSQL: each pending instance is started by
 * exactly one of them, a terminate asked of one stops a run the other holds, and a server killed
 * mid-run leaves no instance "running" once a server is back.
 */
it.skipIf(!pythonForRuns())(
  'starts each pending instance once, terminates across processes, and recovers the runs of a killed server',
  async () => {
    const env = { DATABASE_URL: databaseUrl, EDP_DEMO: '1', EDP_SEED_PASSWORD: 'Shared-Pass-1', EDP_RUNNER_CONCURRENCY: '8', EDP_RUNNER_POLL_MS: '200' };
    const [a, b] = await Promise.all([startServer(env), startServer(env)]);
    running.push(a, b);
    const sign = async (base: string) =>
      (await httpClient(base).signInWith(await httpClient(base).nonce(), 'demo', 'admin', 'Shared-Pass-1')).body.data.sessionKey as string;
    const [tokenA, tokenB] = [await sign(a.base), await sign(b.base)];
    const call = (base: string, token: string, method: 'GET' | 'POST', path: string, body?: unknown) =>
      httpClient(base).call(method, path, { token, ...(body ? { body } : {}) });
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      // The demo's quick task, asked to run 16 times, alternately of each process.
      const tasks = (await call(a.base, tokenA, 'GET', '/taskFlow/task/query?name=frame-drop-check')).body.data.records;
      const quick = tasks[0].id as number;
      const ids: number[] = [];
      for (let i = 0; i < 16; i++) ids.push((await call(i % 2 ? b.base : a.base, i % 2 ? tokenB : tokenA, 'POST', `/taskFlow/task/${quick}/run`)).body.data.id);
      await expect
        .poll(async () => (await client.query(`select count(*)::int as n from instances where id = any($1) and status = 'succeeded'`, [ids])).rows[0].n, {
          timeout: 60_000,
          interval: 250,
        })
        .toBe(16);
      const history = (await client.query(`select history from instances where id = any($1)`, [ids])).rows.map((row) => JSON.parse(row.history));
      for (const steps of history) expect(steps.map((step: { status: string }) => step.status)).toEqual(['pending', 'running', 'succeeded']);
      const lines = (await client.query(`select instance_id, count(*)::int as n from instance_logs where instance_id = any($1) group by instance_id`, [ids]))
        .rows;
      expect(lines.every((row) => row.n === 12)).toBe(true); // each ran once: twelve lines, not twenty-four

      // A long run, terminated through the other process than the one that may hold it.
      const long = (await call(a.base, tokenA, 'GET', '/taskFlow/task/query?name=act-train-cloth-folding')).body.data.records[0].id as number;
      const runs = [
        (await call(a.base, tokenA, 'POST', `/taskFlow/task/${long}/run`)).body.data.id,
        (await call(b.base, tokenB, 'POST', `/taskFlow/task/${long}/run`)).body.data.id,
      ];
      const statusOf = async (id: number) => (await client.query(`select status from instances where id = $1`, [id])).rows[0].status;
      for (const id of runs) await expect.poll(() => statusOf(id), { timeout: 30_000 }).toBe('running');
      expect((await call(b.base, tokenB, 'POST', '/taskFlow/instance/terminate', { ids: [runs[0]] })).status).toBe(200);
      const printed = async (id: number) => (await client.query(`select count(*)::int as n from instance_logs where instance_id = $1`, [id])).rows[0].n;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const after = await printed(runs[0]);
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(await printed(runs[0])).toBe(after); // its process is gone: it prints no more

      // Both servers killed outright while the second long run goes on; one server back settles it.
      await Promise.all([a.stop('SIGKILL'), b.stop('SIGKILL')]);
      const back = await startServer(env);
      running.push(back);
      await expect.poll(() => statusOf(runs[1]), { timeout: 30_000 }).toBe('failed');
      expect((await client.query(`select failure from instances where id = $1`, [runs[1]])).rows[0].failure).toBe('restart');
    } finally {
      await client.end();
    }
  },
  180_000,
);

import { afterAll, expect, it } from 'vitest';
import { localize } from '../../../server/http/messages';
import { httpClient } from '../helpers/http-client';
import { localCluster, queryOnce } from '../helpers/postgres-cluster';
import { useServerSchema } from '../helpers/server-schema';
import { pythonForRuns } from '../helpers/runs';
import { startServer } from '../helpers/server-process';

const { url, databaseUrl, schema, running } = useServerSchema();
const cluster = localCluster(url);
if (!cluster) console.warn(`[notice] ${url} is not a cluster of this machine that pg_ctlcluster can restart: the outage test is skipped`);
afterAll(() => cluster?.start()); // whatever happened, the machine's PostgreSQL is left running

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How long PostgreSQL stays away at least: the run prints a step a second. */
const OUTAGE_MS = 4000;

/**
 * The machine's PostgreSQL stopped and started under a running server: while it is gone every call
 * answers 503 with the spec's text, the server reconnects by itself (the same process), every write
 * it acknowledged is there whole (its record and its audit event, never one without the other), a
 * run going through the outage keeps its lines and ends as asked, and queued work runs again.
 */
it.skipIf(!cluster || !pythonForRuns())(
  'answers 503 while PostgreSQL is down, reconnects by itself, and loses nothing it acknowledged',
  async () => {
    const env = { DATABASE_URL: databaseUrl, EDP_DEMO: '1', EDP_SEED_PASSWORD: 'Shared-Pass-1', EDP_RUNNER_POLL_MS: '200' };
    const server = await startServer(env);
    running.push(server);
    const client = httpClient(server.base);
    const token = (await client.signInWith(await client.nonce(), 'demo', 'admin', 'Shared-Pass-1')).body.data.sessionKey as string;
    const call = (method: 'GET' | 'POST', path: string, body?: unknown) => client.call(method, path, { token, ...(body ? { body } : {}) });
    const taskId = async (name: string) => (await call('GET', `/taskFlow/task/query?name=${name}`)).body.data.records[0].id as number;
    const instance = async (id: number) =>
      (await queryOnce<{ status: string; log_lines: number }>(url, `select status, log_lines from ${schema}.instances where id = $1`, [id]))[0]!;
    const printed = async (id: number) =>
      (await queryOnce<{ n: number }>(url, `select count(*)::int as n from ${schema}.instance_logs where instance_id = $1`, [id]))[0]!.n;

    const long = (await call('POST', `/taskFlow/task/${await taskId('act-train-cloth-folding')}/run`)).body.data.id as number;
    await expect.poll(async () => (await instance(long)).status, { timeout: 30_000 }).toBe('running');

    // People keep writing through the outage; each answer is kept.
    const acknowledged: string[] = [];
    const refusals: { status: number; body: { message: unknown } }[] = [];
    let writing = true;
    const writer = (async () => {
      for (let n = 0; writing; n += 1) {
        const reply = await call('POST', '/console/label/create', { name: `outage-${n}`, labelType: 'scene', description: '' });
        if (reply.status === 200) acknowledged.push(`outage-${n}`);
        else refusals.push(reply);
        await sleep(50);
      }
    })();
    while (acknowledged.length < 10) await sleep(50);

    cluster!.stop();
    const gone = new Date();
    await expect.poll(() => refusals.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(5);
    const whileGone = await fetch(`${server.base}/console/label/query`, { headers: { authorization: `Bearer ${token}` } });
    expect([whileGone.status, whileGone.headers.get('retry-after')]).toEqual([503, '5']);
    await sleep(Math.max(0, gone.getTime() + OUTAGE_MS - Date.now())); // long enough for the run to print several steps meanwhile
    const back = new Date();
    cluster!.start();
    const before = acknowledged.length;
    await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThan(before + 10);
    writing = false;
    await writer;

    expect(server.child.exitCode).toBeNull(); // the same process, reconnected
    expect(refusals.length).toBeGreaterThan(0);
    for (const refusal of refusals) {
      expect(refusal.status).toBe(503);
      expect(refusal.body.message).toEqual(localize('errors:status.503'));
    }
    expect(localize('errors:status.503').en_US).toBe('Service unavailable');

    // Each acknowledged write is there whole; a refused one is wholly absent or wholly there.
    const labels = await queryOnce<{ id: number; name: string }>(url, `select id, name from ${schema}.labels where name like 'outage-%'`);
    const names = new Set(labels.map((label) => label.name));
    for (const name of acknowledged) expect(names.has(name), name).toBe(true);
    const events = await queryOnce<{ record_id: number }>(url, `select record_id from ${schema}.audit_events where entity = 'label' and action = 'create'`);
    const audited = new Set(events.map((event) => Number(event.record_id)));
    for (const label of labels) expect(audited.has(Number(label.id)), label.name).toBe(true);

    // The run that went on through the outage kept printing, and still answers a terminate.
    const lines = await printed(long);
    await expect.poll(() => printed(long), { timeout: 20_000 }).toBeGreaterThan(lines);
    expect((await call('POST', '/taskFlow/instance/terminate', { ids: [long] })).status).toBe(200);
    await expect.poll(async () => (await instance(long)).status, { timeout: 30_000 }).toBe('terminated');
    // Its lines printed while the database was away were written once it was back: every step, once, in order.
    const metricLines = await queryOnce<{ text: string; time: Date }>(
      url,
      `select text, time from ${schema}.instance_logs where instance_id = $1 and text like '##edp:metric%' order by seq`,
      [long],
    );
    const steps = metricLines.map((line) => Number(/step=(\d+)/.exec(line.text)![1]));
    expect(steps).toEqual(steps.map((_, index) => index + 1));
    const printedWhileGone = metricLines.filter((line) => line.time >= gone && line.time <= back);
    expect(printedWhileGone.length).toBeGreaterThanOrEqual(2);

    // Work queued after the outage is taken and done.
    const quick = (await call('POST', `/taskFlow/task/${await taskId('frame-drop-check')}/run`)).body.data.id as number;
    await expect.poll(async () => (await instance(quick)).status, { timeout: 60_000 }).toBe('succeeded');
  },
  240_000,
);

import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, type ServerProcess } from '../../tests/server/helpers/server-process';
import { apiSignIn, PASSWORD } from '../page/harness';

export const load1 = () => loadavg()[0]!.toFixed(2);
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Nearest-rank percentile of a sample (0 < p ≤ 100). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** What has to be undone, last first, however the bench ends (its end, a failure, Ctrl-C). */
export function cleanupStack() {
  const steps: { what: string; undo: () => unknown }[] = [];
  let running: Promise<void> | undefined;
  const run = () =>
    (running ??= (async () => {
      for (const step of steps.reverse())
        await Promise.resolve()
          .then(step.undo)
          .catch((error: unknown) => console.error(`cleanup (${step.what}) failed:`, error));
    })());
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: cleaning up …`);
    void run().then(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return { add: (what: string, undo: () => unknown) => void steps.push({ what, undo }), run };
}

export interface BenchServer {
  server: ServerProcess;
  origin: string;
  name: string;
  stop: () => Promise<void>;
}

/**
 * `npm start` (tsx server/main.ts) on a data directory of its own, logging at info (as `npm start`
 * does by default: Fastify's request log gives each request's own response time).
 */
export async function benchServer(name: string, env: Record<string, string>, cleanup: ReturnType<typeof cleanupStack>): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `edp-bench-runner-${name}-`));
  cleanup.add(`data dir of ${name}`, () => rmSync(dataDir, { recursive: true, force: true }));
  const server = await startServer({ DATA_DIR: dataDir, EDP_SEED_PASSWORD: PASSWORD, TRUST_PROXY: 'true', LOG_LEVEL: 'info', ...env });
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      const kill = setTimeout(() => server.child.kill('SIGKILL'), 20_000);
      await server.stop('SIGTERM');
      clearTimeout(kill);
    })());
  cleanup.add(`server ${name}`, stop);
  if (server.child.exitCode !== null) throw new Error(`server ${name} did not start:\n${server.output()}`);
  return { server, origin: `http://127.0.0.1:${server.port}`, name, stop };
}

export type Api = ReturnType<typeof apiOf>;

/** The v1 API as one account (a session from spec §7's sign-in); answers' `data`, or an error with the body. */
export function apiOf(origin: string, token: string) {
  const call = async (method: 'GET' | 'POST', route: string, body?: unknown) => {
    const response = await fetch(`${origin}/api/v1${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await response.json()) as { data?: unknown };
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(json).slice(0, 500)}`);
    return json.data as any;
  };
  return { origin, get: (route: string) => call('GET', route), post: (route: string, body: unknown = {}) => call('POST', route, body) };
}

export const signedIn = async (origin: string, tenant: string, code: string) => apiOf(origin, (await apiSignIn(origin, tenant, code)).sessionKey);

export interface InstanceRecord {
  id: number;
  status: string;
  startTime: string | null;
  endTime: string | null;
  createdTime: string;
  logLines: number | null;
  failure?: string;
  failureDetail?: string;
}

const FINISHED = ['succeeded', 'failed', 'timed_out', 'terminated'];

/** Polls the instance (GET …/instance/get) until it has finished. */
export async function finished(api: Api, id: number, everyMs: number, timeoutMs: number): Promise<InstanceRecord> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const row = (await api.get(`/taskFlow/instance/get?id=${id}`)) as InstanceRecord;
    if (FINISHED.includes(row.status)) return row;
    if (Date.now() > until) throw new Error(`instance ${id} is still ${row.status} after ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}

/** The task image every bench task runs in (the platform's, made by its administrator), and a task maker in the demo space. */
export async function benchSetup(origin: string) {
  const platform = await signedIn(origin, 'platform', 'admin');
  const image = (await platform.post('/console/task-image/create', { name: 'bench-python', image: 'python:3.11', entrypoint: 'python3 -u' })).id as number;
  const api = await signedIn(origin, 'demo', 'admin');
  let made = 0;
  const task = async (code: string, extra: Record<string, unknown> = {}) =>
    (
      await api.post('/taskFlow/task/create', {
        name: `bench-${++made}-${Date.now().toString(36)}`,
        owner: 'admin',
        taskType: 'data_processing',
        taskCategory: 'development',
        triggerType: 'manual',
        image,
        memory: 1024 ** 3,
        gpuCards: 0,
        timeoutTime: 1800,
        code,
        ...extra,
      })
    ).id as number;
  return { api, task };
}

/** Fastify's own response times (its "request completed" log lines) of the requests to `url` logged after `from` characters of output. */
export function responseTimes(output: string, from: number, url: string): number[] {
  const urls = new Map<string, string>();
  const times: number[] = [];
  for (const line of output.slice(from).split('\n')) {
    if (!line.startsWith('{')) continue;
    let entry: { reqId?: string; msg?: string; req?: { url?: string }; responseTime?: number };
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (!entry.reqId) continue;
    if (entry.msg === 'incoming request' && entry.req?.url) urls.set(entry.reqId, entry.req.url);
    else if (entry.msg === 'request completed' && typeof entry.responseTime === 'number' && urls.get(entry.reqId) === url) times.push(entry.responseTime);
  }
  return times;
}

/**
 * npm run bench:throughput — how many default bag-list pages a real server answers.
 *
 * Starts `server/main.ts` as `npm start` does, on a fresh embedded PGlite (a new DATA_DIR) and on a
 * fresh schema of the PostgreSQL at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test,
 * dropped afterwards), both with EDP_DEMO=1 so the demo space and its ~400 bags are seeded. Signs in
 * over HTTP as the demo space's administrator (spec §7: nonce + cipherDigest), one session per client,
 * then drives BENCH_CLIENTS (default 8) concurrent keep-alive clients for BENCH_SECONDS (default 20)
 * against GET /api/v1/data/bag/query?pageNum=1&pageSize=20 (after a short warm-up), accepting the
 * encodings a browser accepts (BENCH_ACCEPT_ENCODING, default Chromium's; empty for none: the answer
 * then goes uncompressed, server/http/compression.ts), and prints req/s,
 * p50/p95/p99 and errors against the issue's goals. BENCH_DB=pglite or =postgres runs one.
 *
 * It reports whether a request ceiling (server/http/rate-limit.ts, x-ratelimit-limit) applies to the
 * route rather than working around one: the per-address ceilings cover the unauthenticated nonce and
 * sign-in calls only, and the eight sign-ins stay well within them.
 *
 * Load generator, server and PostgreSQL share this machine with whatever else runs on it, so each
 * figure comes with the load average and with the CPU each request cost the server process, its
 * PostgreSQL backends and the load generator (from /proc): that cost moves far less with other load
 * than requests per second do. BENCH_CPU_PROFILE=<dir> also writes a V8 CPU profile of the server
 * over the measured seconds.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freshSchema } from './fresh-schema';
import { cpuSeconds } from './process-cpu';
import { httpClient } from '../tests/server/helpers/http-client';
import { startServer, type ServerProcess } from '../tests/server/helpers/server-process';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 3);
const PASSWORD = 'Bench-Pass-2026';
const PATH = '/api/v1/data/bag/query?pageNum=1&pageSize=20';
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br, zstd';
const GOALS = { postgres: 600, pglite: 300 } as const;
/** BENCH_CPU_PROFILE=<dir>: a V8 CPU profile of the server over the measured seconds (bench/cpu-profile.mjs). */
const PROFILE_DIR = process.env.BENCH_CPU_PROFILE ? path.resolve(process.env.BENCH_CPU_PROFILE) : undefined;
type Kind = keyof typeof GOALS;

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** A server process on a fresh database of this kind, and how to throw both away. */
async function freshServer(kind: Kind): Promise<{ server: ServerProcess; backends?: () => Promise<number[]>; cleanup: () => Promise<void> } | null> {
  const profiling: Record<string, string> = PROFILE_DIR
    ? {
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${path.join(import.meta.dirname, 'cpu-profile.mjs')}`.trim(),
        BENCH_CPU_PROFILE_DIR: PROFILE_DIR,
      }
    : {};
  const common = { EDP_DEMO: '1', EDP_SEED_PASSWORD: PASSWORD, LOG_LEVEL: 'warn', ...profiling };
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'edp-throughput-'));
    const server = await startServer({ ...common, DATA_DIR: dir });
    return {
      server,
      cleanup: async () => {
        await server.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const fresh = await freshSchema();
  if (!fresh) return null;
  const { url, schema, admin, drop } = fresh;
  const databaseUrl = `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}&application_name=${schema}`;
  const server = await startServer({ ...common, DATABASE_URL: databaseUrl });
  // The server's connections, found by their application name: their CPU is part of each answer's cost.
  const backends = async () =>
    (await admin.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [schema])).rows.map((row: { pid: number }) => row.pid);
  return {
    server,
    backends,
    cleanup: async () => {
      await server.stop();
      await drop();
    },
  };
}

/** Spec §7 sign-in over HTTP, as the console does it; one session per client, as separate users would have. */
async function signIn(base: string): Promise<string> {
  const client = httpClient(base);
  const reply = await client.signInWith(await client.nonce(), 'demo', 'admin', PASSWORD);
  if (reply.status !== 200) throw new Error(`sign-in: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.data.sessionKey as string;
}

interface Figures {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  non200: number;
  errors: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

/** CLIENTS keep-alive connections, each with its own session, for `seconds`; every response time is kept. */
async function drive(origin: string, tokens: string[], seconds: number): Promise<Figures> {
  const times: number[] = [];
  let next = 0;
  const instance = autocannon({
    url: `${origin}${PATH}`,
    connections: tokens.length,
    pipelining: 1,
    duration: seconds,
    setupClient: (client) =>
      client.setHeaders({ authorization: `Bearer ${tokens[next++ % tokens.length]}`, ...(ACCEPT_ENCODING ? { 'accept-encoding': ACCEPT_ENCODING } : {}) }),
  });
  instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    perSecond: times.length / result.duration,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    non200: Object.entries(result.statusCodeStats ?? {}).reduce((sum, [status, { count }]) => sum + (status === '200' ? 0 : Number(count)), 0),
    errors: result.errors + result.timeouts,
  };
}

async function run(kind: Kind): Promise<string | null> {
  const started = performance.now();
  const fresh = await freshServer(kind);
  if (!fresh) {
    console.log(`\n${kind}: skipped (no PostgreSQL answers; see the notice above)`);
    return null;
  }
  const { server, backends, cleanup } = fresh;
  try {
    if (server.child.exitCode !== null) throw new Error(`the server did not start:\n${server.output()}`);
    const origin = server.base.replace(/\/api\/v1$/, '');
    console.log(`${kind}: server up in ${((performance.now() - started) / 1000).toFixed(1)} s (${server.base})`);
    const tokens: string[] = [];
    for (let index = 0; index < CLIENTS; index += 1) tokens.push(await signIn(server.base));

    // What the clients will read: the page is real, and whether a request ceiling applies to it.
    const probe = await fetch(`${origin}${PATH}`, { headers: { authorization: `Bearer ${tokens[0]}` } });
    const body = (await probe.json()) as { data: { total: number; records: unknown[] } };
    if (probe.status !== 200) throw new Error(`list: ${probe.status} ${JSON.stringify(body).slice(0, 300)}`);
    const ceiling = probe.headers.get('x-ratelimit-limit');
    console.log(
      `${kind}: ${body.data.records.length} rows of ${body.data.total} bags per page; request ceiling on this route: ${ceiling ? `${ceiling} per window (x-ratelimit-limit)` : 'none'}`,
    );

    if (WARM_UP_SECONDS > 0) await drive(origin, tokens, WARM_UP_SECONDS);
    const loadBefore = load();
    const backendsBefore = (await backends?.()) ?? [];
    const serverBefore = cpuSeconds(server.child.pid!);
    const backendBefore = new Map(backendsBefore.map((pid) => [pid, cpuSeconds(pid)]));
    const ownBefore = process.cpuUsage();
    if (PROFILE_DIR) server.child.kill('SIGUSR2');
    const figures = await drive(origin, tokens, SECONDS);
    if (PROFILE_DIR) {
      server.child.kill('SIGUSR2');
      await new Promise((resolve) => setTimeout(resolve, 2000));
      console.log(
        server
          .output()
          .trim()
          .split('\n')
          .filter((text) => text.includes('CPU profile'))
          .join('\n'),
      );
    }
    const own = process.cpuUsage(ownBefore);
    const serverUsed = (cpuSeconds(server.child.pid!) ?? NaN) - (serverBefore ?? NaN);
    // The pool opens and closes connections as it goes: a backend that ended during the run took its CPU time along.
    const backendsAfter = backends ? await backends() : undefined;
    const ended = backendsBefore.filter((pid) => cpuSeconds(pid) === null).length;
    const backendUsed = (backendsAfter ?? []).reduce((sum, pid) => sum + (cpuSeconds(pid) ?? 0) - (backendBefore.get(pid) ?? 0), 0);
    const perRequest = (seconds: number) => ((seconds * 1000) / figures.requests).toFixed(2);
    const backendCpu = backendsAfter ? ` + ${perRequest(backendUsed)}${ended ? ` (${ended} backend${ended > 1 ? 's' : ''} ended, uncounted)` : ''}` : '';
    const cpu = `${perRequest(serverUsed)}${backendCpu} (${perRequest((own.user + own.system) / 1e6)})`;
    const goal = GOALS[kind];
    const verdict = figures.perSecond >= goal ? '✓' : '✗';
    const line = `| ${kind.padEnd(8)} | ${figures.perSecond.toFixed(0).padStart(6)} | ≥ ${String(goal).padEnd(3)} ${verdict} | ${figures.p50.toFixed(1).padStart(6)} | ${figures.p95.toFixed(1).padStart(6)} | ${figures.p99.toFixed(1).padStart(6)} | ${String(figures.requests).padStart(8)} | ${String(figures.non200 + figures.errors).padStart(6)} | ${cpu.padStart(18)} | ${loadBefore} → ${load()} |`;
    if (figures.non200 || figures.errors) console.log(`${kind}: ${figures.non200} non-200 answers, ${figures.errors} connection errors/timeouts`);
    return line;
  } catch (error) {
    console.error(server.output());
    throw error;
  } finally {
    await cleanup();
  }
}

if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
console.log(
  `GET ${PATH} as demo/admin (Accept-Encoding: ${ACCEPT_ENCODING || 'none'}): ${CLIENTS} concurrent keep-alive clients, ${SECONDS} s (after ${WARM_UP_SECONDS} s warm-up); load average ${load()}`,
);
const kinds = (process.env.BENCH_DB ?? 'postgres,pglite').split(',') as Kind[];
const lines: string[] = [];
for (const kind of kinds) {
  const line = await run(kind);
  if (line) lines.push(line);
}
console.log(
  [
    '',
    'CPU ms/req: the server process, + its PostgreSQL backends, (the load generator): one machine runs them all.',
    '| database | req/s  | goal    | p50 ms | p95 ms | p99 ms | requests | errors | CPU ms/req (client) | load average (1/5/15 min) before → after |',
    '|----------|--------|---------|--------|--------|--------|----------|--------|---------------------|------------------------------------------|',
    ...lines,
  ].join('\n'),
);
process.exit(0);

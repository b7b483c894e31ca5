/**
 * `npm run bench:load` — the console under a working day's load, on a real `npm start` server: on
 * embedded PGlite (a fresh DATA_DIR) and on PostgreSQL (a fresh schema of TEST_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test, dropped afterwards), each with the demo seeded, then
 * `--bags` more bags (200,000) and `--robots` robots with keys written in while the server is stopped.
 *
 * 1. The steady mix for `--minutes` (5): `--people` (50) people, each with a session of their own,
 *    opening lists, filtering, opening records, writing (quality marks, feedback), tailing a run's
 *    log and uploading small recordings, a pause of about `--think-ms` (3000) between two actions;
 *    `--robots` (200) robots in good health sending heartbeats every 5 s. Prints requests per second,
 *    p50/p95/p99 by kind of request, errors (goal 0), the server's RSS (VmRSS every 30 s: start, max,
 *    end) and V8 heap used (start, end), and the CPU used. `--soak` makes it 60 minutes.
 * 2. Heavy neighbours: one person opening two lists and the console's page (which asks no database:
 *    it tells a blocked event loop from a busy database), timed alone for `--phase-seconds` (60), then
 *    beside each neighbour (at least as long; its whole job): a CSV export of the raw-data list (the
 *    server stops at 50,000 rows, EXPORT_CAP), a `--upload-mib` (1024) MiB upload (its parts, then the
 *    server's MD5 check and parse), a run printing `--log-rate` (100,000) lines a second, a LeRobot
 *    export of `--lerobot-frames` (100,000). Prints p95 alone and beside, and the ratio (goal ≤ 3×).
 *    `--neighbours csv,upload,log,lerobot` picks some; `--cpu-profile <dir>` writes a V8 CPU profile
 *    of the server over the mix and beside each neighbour.
 *
 * `--database pglite|postgres|both` (both); `--quick` shrinks the defaults for a run of a few minutes.
 * The figures move with the machine's load, which is printed.
 */
import { mkdirSync } from 'node:fs';
import { cleanupStack, load1, sleep } from './runner/harness';
import { fairness, type Neighbour } from './load/fairness';
import { MEMORY_EVERY_MS } from './load/memory';
import { bigUpload } from './load/neighbours/big-upload';
import { csvExport } from './load/neighbours/csv-export';
import { leRobotExport } from './load/neighbours/lerobot';
import { logFlood } from './load/neighbours/log-flood';
import { OPTIONS, type DatabaseKind } from './load/options';
import { preload } from './load/preload';
import { fairnessReport, steadyReport } from './load/report';
import { setScene } from './load/scene';
import { loadServer, preloadEnv } from './load/server';
import { steadyMix } from './load/steady';

const reports: string[] = [];
const say = (text: string) => console.log(text);

async function run(kind: DatabaseKind, cleanup: ReturnType<typeof cleanupStack>): Promise<void> {
  say(`\n[${kind}] starting the server (the first start seeds the demo), load ${load1()} …`);
  const server = await loadServer(kind, cleanup);
  if (!server) return void reports.push(`\n${kind}: skipped (no PostgreSQL answers)`);
  say(`[${kind}] writing ${OPTIONS.bags.toLocaleString('en')} bags and ${OPTIONS.robots} robots with the server stopped …`);
  await server.restart(preloadEnv(MEMORY_EVERY_MS / 3, OPTIONS.cpuProfileDir), () =>
    preload(server.target, OPTIONS.bags, OPTIONS.robots, (text) => say(`[${kind}] ${text}`)),
  );
  const { origin } = server;
  const { tokens, scene, api, task, neighbourToken, probeToken } = await setScene(origin, OPTIONS.people, cleanup);
  await sleep(1000); // the first heap report is in
  say(`[${kind}] ${OPTIONS.people} people and ${OPTIONS.robots} robots for ${OPTIONS.minutes} min, load ${load1()} …`);
  const profile = OPTIONS.cpuProfileDir ? profiler(server.server.child) : undefined;
  const steady = await steadyMix(
    server.server,
    origin,
    { tokens, robots: OPTIONS.robots, scene, minutes: OPTIONS.minutes, thinkMs: OPTIONS.thinkMs },
    profile,
    (text) => say(`[${kind}]${text}`),
  );
  const steadyText = steadyReport(steady);
  say(steadyText);

  const makers: Record<string, () => Neighbour> = {
    csv: () => csvExport(origin, neighbourToken),
    upload: () => bigUpload(origin, neighbourToken, OPTIONS.uploadMib),
    log: () => logFlood(api, task, OPTIONS.logRate),
    lerobot: () => leRobotExport(origin, neighbourToken, api, OPTIONS.lerobotFrames),
  };
  say(`\n[${kind}] heavy neighbours (${OPTIONS.neighbours.join(', ')}): preparing them, then the lists alone for ${OPTIONS.phaseSeconds} s, load ${load1()} …`);
  const beside = await fairness(
    origin,
    probeToken,
    OPTIONS.neighbours.map((name) => makers[name]!()),
    OPTIONS.phaseSeconds,
    profile,
  );
  const besideText = fairnessReport(beside);
  say(besideText);
  await server.stop();
  reports.push(
    `\n${kind}: ${OPTIONS.people} people, ${OPTIONS.robots} robots, ${OPTIONS.minutes} min; ${OPTIONS.bags.toLocaleString('en')} bags more than the demo's; load ${load1()}`,
    steadyText,
    `\n${kind}: heavy neighbours; one person opening two lists and the console's page, each again 300 ms after its answer, alone for ${OPTIONS.phaseSeconds} s, then beside each`,
    besideText,
  );
}

/** SIGUSR2 starts the server's CPU profile (bench/cpu-profile.mjs) as a neighbour starts, and writes it when it ends. */
function profiler(child: { kill: (signal: NodeJS.Signals) => boolean }) {
  return (name: string) => {
    say(`  profiling the server beside ${name}`);
    child.kill('SIGUSR2');
    return async () => {
      child.kill('SIGUSR2');
      await sleep(2000); // the profile is written
    };
  };
}

async function main() {
  const cleanup = cleanupStack();
  const began = Date.now();
  if (OPTIONS.cpuProfileDir) mkdirSync(OPTIONS.cpuProfileDir, { recursive: true });
  say(`bench:load — ${OPTIONS.databases.join(' and ')}; load ${load1()} (2 cores)`);
  try {
    for (const kind of OPTIONS.databases) await run(kind, cleanup);
  } finally {
    await cleanup.run();
  }
  say(`\n=== bench:load, ${((Date.now() - began) / 60_000).toFixed(1)} min in all ===${reports.join('\n')}`);
}

await main();
process.exit(0);

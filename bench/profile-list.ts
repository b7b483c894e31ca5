/**
 * npx tsx bench/profile-list.ts [path] — where a cold load of a list spends the main thread.
 *
 * As bench:page (fresh data directory, demo/admin, new context per run), V8's sampling profiler
 * from navigation to the frame with the rows (and 300 ms on). Prints the long tasks and the self
 * time by source (node_modules package or src/ file, through the build's source maps; it builds
 * the console with them first when they are missing), summed over PROFILE_RUNS (default 3).
 * PROFILE_CPU=4 slows the renderer as the TBT figure does. PROFILE_TRACE=1 adds the main thread's CPU
 * by event and each style or layout pass a script forced; with it, PROFILE_TASKS=<ms> lists each
 * main-thread task longer than that and what it ran (script, style, layout, paint).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { ensureConsoleBuild } from '../server/console/ensure-build';
import { RAW_DATA } from './page/figures';
import { freshPage, openBench, probeOf, sleep, waitRows } from './page/harness';

const ROOT = path.resolve(import.meta.dirname, '..');
const ASSETS = path.join(ROOT, 'dist/app/assets');
const RUNS = Number(process.env.PROFILE_RUNS ?? 3);
const target = process.argv[2] ?? RAW_DATA;

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const maps = new Map<string, SourceMapConsumer | null>();
function sourceOf(url: string, line: number, column: number): string {
  if (!url) return '(native)';
  const file = url.split('/').pop()!.split('?')[0]!;
  if (!maps.has(file)) {
    const map = path.join(ASSETS, `${file}.map`);
    maps.set(file, existsSync(map) ? new SourceMapConsumer(JSON.parse(readFileSync(map, 'utf8'))) : null);
  }
  const consumer = maps.get(file);
  if (!consumer) return file;
  const source = consumer.originalPositionFor({ line: line + 1, column }).source;
  if (!source) return file;
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)/.exec(source);
  // PROFILE_DETAIL=<package>: that package's samples by file and line
  const detail = process.env.PROFILE_DETAIL;
  const position = consumer.originalPositionFor({ line: line + 1, column });
  if (inModules && detail === inModules[1]) return `${inModules[1]}/${inModules[2]}:${position.line}`;
  return inModules ? `${inModules[1]}` : source.replace(/^(\.\.\/)+/, '');
}

/** Stretches of work with no idle sample in them, over 50 ms: the long tasks, and what each spent its time in. */
function bursts(profile: Profile & { startTime: number }) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  let time = profile.startTime;
  let current: { start: number; ms: number; sources: Map<string, number>; stacks: Map<string, number> } | undefined;
  const out: NonNullable<typeof current>[] = [];
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  profile.samples.forEach((id, index) => {
    time += profile.timeDeltas[index] ?? 0;
    const node = byId.get(id)!;
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    if (node.callFrame.functionName === '(idle)') {
      if (current && current.ms > 50) out.push(current);
      current = undefined;
      return;
    }
    current ??= { start: (time - profile.startTime) / 1000, ms: 0, sources: new Map(), stacks: new Map() };
    current.ms += ms;
    const { url, lineNumber, columnNumber, functionName } = node.callFrame;
    const source = url ? sourceOf(url, lineNumber, columnNumber) : functionName;
    current.sources.set(source, (current.sources.get(source) ?? 0) + ms);
    // the nearest src/ frame up the stack: which of the console's own code led here
    let up: number | undefined = id;
    let own = '';
    while (up !== undefined && !own) {
      const frame = byId.get(up)!.callFrame;
      const where = frame.url ? sourceOf(frame.url, frame.lineNumber, frame.columnNumber) : '';
      if (where.startsWith('src/')) own = `${where} ${frame.functionName}`;
      up = parent.get(up);
    }
    current.stacks.set(own || '(no src frame)', (current.stacks.get(own || '(no src frame)') ?? 0) + ms);
  });
  if (current && current.ms > 50) out.push(current);
  for (const burst of out)
    console.log(
      `  burst at ${burst.start.toFixed(0)} ms, ${burst.ms.toFixed(0)} ms:\n${top(burst.sources, 8, 1)}\n    under src frame:\n${top(burst.stacks, 8, 1)}`,
    );
}

function selfTimes(profile: Profile, into: Map<string, number>, detail: Map<string, number>) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  profile.samples.forEach((id, index) => {
    const node = byId.get(id)!;
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const { url, lineNumber, columnNumber, functionName } = node.callFrame;
    const source = url ? sourceOf(url, lineNumber, columnNumber) : functionName || '(anonymous native)';
    into.set(source, (into.get(source) ?? 0) + ms);
    const fn = `${source} ${functionName || '(anon)'}`;
    detail.set(fn, (detail.get(fn) ?? 0) + ms);
  });
}

interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  tdur?: number;
  ts: number;
  tid: number;
  args?: { data?: { url?: string; functionName?: string; type?: string } };
}

/** The events a task's time is told by: script, style, layout, paint, parsing and garbage collection. */
const TASK_PARTS = new Set([
  'FunctionCall',
  'EvaluateScript',
  'v8.evaluateModule',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'Commit',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'MinorGC',
  'MajorGC',
]);

/** PROFILE_TASKS=<ms>: what each task longer than that of the main thread spent its time in (events directly inside it). */
function longTaskParts(main: TraceEvent[], tasks: TraceEvent[], origin: number) {
  const least = Number(process.env.PROFILE_TASKS) * 1000;
  for (const task of tasks.filter((event) => (event.dur ?? 0) > least)) {
    const end = task.ts + task.dur!;
    const inside = main.filter((event) => event !== task && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end);
    const parts = new Map<string, number>();
    for (const event of inside) {
      if (!TASK_PARTS.has(event.name)) continue;
      const data = event.args?.data;
      const what = data?.functionName || data?.url ? `${event.name} ${data?.functionName ?? ''} ${(data?.url ?? '').split('/').pop()}` : event.name;
      parts.set(what, (parts.get(what) ?? 0) + (event.dur ?? 0) / 1000);
    }
    console.log(`  task at ${((task.ts - origin) / 1000).toFixed(0)} ms, ${(task.dur! / 1000).toFixed(0)} ms wall:\n${top(parts, 4, 1)}`);
  }
}

const SCRIPT = new Set(['FunctionCall', 'TimerFire', 'EvaluateScript', 'v8.evaluateModule', 'FireAnimationFrame', 'v8.callFunction']);

/**
 * Style and layout a script asked for by reading the page (offsetWidth and the like): done in the
 * middle of a task, often again in the frame. Each is told with the innermost script around it.
 * (The probe's visibility check is one, anonymous: the frame's own style pass, taken in its rAF.)
 */
function forcedLayouts(main: TraceEvent[]) {
  const scripts = main.filter((event) => SCRIPT.has(event.name));
  const ends = (event: TraceEvent) => event.ts + (event.dur ?? 0);
  const forced = main.flatMap((event) => {
    if (event.name !== 'Layout' && event.name !== 'UpdateLayoutTree') return [];
    const script = scripts.filter((outer) => outer.ts <= event.ts && ends(outer) >= ends(event)).at(-1);
    if (!script) return [];
    const data = script.args?.data;
    return [{ ms: (event.tdur ?? 0) / 1000, what: `${event.name} in ${script.name} ${data?.functionName ?? ''} ${(data?.url ?? '').split('/').pop()}` }];
  });
  const cpu = forced.reduce((total, { ms }) => total + ms, 0);
  const each = forced.map(({ ms, what }) => `\n    ${ms.toFixed(1).padStart(7)} ms  ${what}`).join('');
  return `  forced by script: ${forced.length} style/layout updates, ${cpu.toFixed(1)} ms CPU${each}`;
}

/**
 * The renderer's main thread over the trace: its tasks' wall time and their thread (CPU) time,
 * which a busy machine stretches far less than wall-clock figures (hence PROFILE_TRACE=1 for A/B),
 * and the events it spent most of that CPU time in (nested events overlap).
 */
function traceSummary(events: TraceEvent[]) {
  const outer = events.some((event) => event.name === 'ThreadControllerImpl::RunTask') ? 'ThreadControllerImpl::RunTask' : 'RunTask';
  const tasks = events.filter((event) => event.name === outer && event.ph === 'X');
  const byThread = new Map<number, number>();
  for (const task of tasks) byThread.set(task.tid, (byThread.get(task.tid) ?? 0) + (task.dur ?? 0));
  const mainTid = [...byThread].sort((a, b) => b[1] - a[1])[0]?.[0];
  const main = events.filter((event) => event.tid === mainTid && event.ph === 'X');
  const sum = (list: TraceEvent[], key: 'dur' | 'tdur') => list.reduce((total, event) => total + (event[key] ?? 0), 0) / 1000;
  const mainTasks = main.filter((event) => event.name === outer);
  const cpu = new Map<string, number>();
  for (const event of main) if (event.name !== outer) cpu.set(event.name, (cpu.get(event.name) ?? 0) + (event.tdur ?? 0) / 1000);
  console.log(`  main thread: tasks ${sum(mainTasks, 'dur').toFixed(0)} ms wall, ${sum(mainTasks, 'tdur').toFixed(0)} ms CPU; CPU by event:`);
  console.log(forcedLayouts(main));
  console.log(top(cpu, 12, 1));
  if (process.env.PROFILE_TASKS) longTaskParts(main, mainTasks, Math.min(...mainTasks.map((task) => task.ts)));
  return sum(mainTasks, 'tdur');
}

const top = (map: Map<string, number>, count: number, runs: number) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => `  ${(ms / runs).toFixed(1).padStart(7)} ms  ${name}`)
    .join('\n');

async function main() {
  ensureConsoleBuild((message) => console.log(message), { sourcemap: true }); // the samples are read through its maps
  const bench = await openBench();
  const bySource = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const cpuTimes: number[] = [];
  try {
    for (let run = 0; run < RUNS; run += 1) {
      const { page, cdp, context } = await freshPage(bench);
      if (process.env.PROFILE_CPU) await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.PROFILE_CPU) });
      const events: TraceEvent[] = [];
      const traced = process.env.PROFILE_TRACE === '1';
      if (traced) {
        cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as typeof events)));
        await cdp.send('Tracing.start', { categories: 'toplevel,devtools.timeline,disabled-by-default-devtools.timeline,v8', transferMode: 'ReportEvents' });
      }
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
      await page.goto(bench.origin + target, { waitUntil: 'commit' });
      const rows = await waitRows(page, { minCount: 1 }, 120_000);
      await sleep(300);
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
      const probe = await probeOf(page);
      selfTimes(profile, bySource, byFunction);
      if (process.env.PROFILE_BURSTS === '1') bursts(profile as Profile & { startTime: number });
      if (traced) {
        const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
        await cdp.send('Tracing.end');
        await done;
        cpuTimes.push(traceSummary(events));
      }
      const tasks = probe.longTasks.map((task) => `${task.start.toFixed(0)}+${task.duration.toFixed(0)}`).join(' ');
      console.log(`run ${run + 1}: rows at ${rows.frame.toFixed(0)} ms (dom ${rows.dom.toFixed(0)}); long tasks (start+ms): ${tasks}`);
      await context.close();
    }
  } finally {
    await bench.close();
  }
  if (cpuTimes.length) console.log(`\nmain-thread CPU per load (ms): ${cpuTimes.map((ms) => ms.toFixed(0)).join(' ')}`);
  console.log(`\nself time by source (mean of ${RUNS} runs):\n${top(bySource, 40, RUNS)}`);
  console.log(`\nself time by function:\n${top(byFunction, 40, RUNS)}`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

/**
 * npx tsx bench/commit-log.ts [path] — the React commits of a cold list load (as bench:page, 4× CPU
 * unless COMMIT_CPU says otherwise): when each came, how many components it rendered again and in which
 * part of the page, and the hook setters called in the 150 ms before the first commit and during it,
 * by source (through the build's source maps, with which it builds the console first when they are missing). A setter called in a commit's
 * layout phase (a layout effect, a ref) makes React render again at once, in the same task, and run the
 * first commit's passive effects there too.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { ensureConsoleBuild } from '../server/console/ensure-build';
import { COMMIT_HOOK } from './page/commit-hook';
import { RAW_DATA } from './page/figures';
import { freshPage, openBench, probeOf, sleep, waitRows } from './page/harness';

const ASSETS = path.resolve(import.meta.dirname, '../dist/app/assets');
const maps = new Map<string, SourceMapConsumer | null>();

/** One stack frame of the built code, as its source file, line and name. */
function original(file: string, line: number, column: number) {
  if (!maps.has(file)) {
    const map = path.join(ASSETS, `${file}.map`);
    maps.set(file, existsSync(map) ? new SourceMapConsumer(JSON.parse(readFileSync(map, 'utf8'))) : null);
  }
  const position = maps.get(file)?.originalPositionFor({ line, column: column - 1 });
  if (!position?.source) return `${file}:${line}`;
  return `${position.source.replace(/.*node_modules\//, '')}:${position.line} ${position.name ?? ''}`.trim();
}

const framesOf = (stack: string, count: number) =>
  [...stack.matchAll(/assets\/([^:/]+):(\d+):(\d+)/g)].slice(0, count).map((match) => original(match[1]!, Number(match[2]), Number(match[3])));

interface Log {
  commits: { at: number; fibers: number; parts: [string, number][] }[];
  setters: { at: number; stack: string }[];
}

ensureConsoleBuild((message) => console.log(message), { sourcemap: true }); // the samples are read through its maps
const bench = await openBench();
try {
  const { page, cdp, context } = await freshPage(bench);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.COMMIT_CPU ?? 4) });
  await page.addInitScript({ content: COMMIT_HOOK });
  await page.goto(bench.origin + (process.argv[2] ?? RAW_DATA), { waitUntil: 'commit' });
  const rows = await waitRows(page, { minCount: 1 }, 120_000);
  await sleep(1500);
  const log = await page.evaluate(() => (window as unknown as { __commitLog: Log }).__commitLog);
  const { longTasks } = await probeOf(page);
  console.log(
    `rows at ${rows.frame.toFixed(0)} ms; long tasks (start+ms): ${longTasks.map((task) => `${task.start.toFixed(0)}+${task.duration.toFixed(0)}`).join(' ')}`,
  );
  for (const commit of log.commits)
    console.log(`commit at ${commit.at.toFixed(0)} ms: ${commit.fibers} rendered again  ${commit.parts.map(([part, count]) => `${part}×${count}`).join('  ')}`);
  const first = log.commits[0]?.at ?? Infinity;
  const bySource = new Map<string, number>();
  for (const setter of log.setters.filter((each) => each.at > first - 150 && each.at <= first)) {
    const key = framesOf(setter.stack, 3).join(' ← ');
    bySource.set(key, (bySource.get(key) ?? 0) + 1);
  }
  console.log('\nsetters called up to the first commit (count, where):');
  for (const [key, count] of [...bySource].sort((a, b) => b[1] - a[1])) console.log(`  ${count}  ${key}`);
  await context.close();
} finally {
  await bench.close();
}
process.exit(0);

import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { builtStamp, CONSOLE_DIR, ROOT, sourceStamp, STAMP_PATH } from './build-stamp';

const ASSETS = path.join(CONSOLE_DIR, 'assets');
const hasSourceMaps = () => existsSync(ASSETS) && readdirSync(ASSETS).some((file) => file.endsWith('.js.map'));

/**
 * `npm start` builds the console when its build is missing or older than its sources. `sourcemap`,
 * for the profiling tools (bench/profile-list.ts): also when it has no source maps, and with them,
 * hidden (no comment naming them, so the scripts are byte for byte a plain build's, as bench:page and
 * bench:bundle measure them). A plain `vite build --sourcemap` would not do: it clears the stamp, and
 * the server builds again without.
 */
export function ensureConsoleBuild(log: (message: string) => void, { sourcemap = false } = {}): void {
  const stamp = sourceStamp();
  if (builtStamp() === stamp && (!sourcemap || hasSourceMaps())) return;
  let viteBin: string;
  try {
    viteBin = path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin/vite.js');
  } catch {
    if (builtStamp()) return log('The console build may be stale, but vite is not installed to rebuild it; serving the existing build.');
    throw new Error('The console is not built and vite is not installed: run `npm ci` first.');
  }
  log(sourcemap ? 'Building the console with source maps...' : 'Building the console (its sources changed or it was never built)...');
  const result = spawnSync(process.execPath, [viteBin, 'build', '--logLevel', 'warn', ...(sourcemap ? ['--sourcemap', 'hidden'] : [])], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', VITE_EDP_VERSION: stamp.slice(0, 12) },
  });
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status})`);
  writeFileSync(STAMP_PATH, stamp);
  log(`Console built into ${CONSOLE_DIR}`);
}

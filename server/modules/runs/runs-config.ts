import path from 'node:path';
import { positiveInteger as positive } from '../../env-integer';

/** How this server runs instances, from the environment (README "Running tasks"). */
export interface RunsConfig {
  /** EDP_RUNNER: `local` (child processes on this machine, the default) or `kubernetes` (a batch/v1 Job each). */
  runner: 'local' | 'kubernetes';
  /** EDP_RUNNER_CONCURRENCY: instances this server process runs at once; the rest wait as pending, in order. */
  concurrency: number;
  /** EDP_RUNNER_GRACE_MS: between SIGTERM and SIGKILL when a run is stopped or times out. */
  graceMs: number;
  /** EDP_RUNNER_DIR: where local runs get their working directories (default DATA_DIR/runs). */
  workRoot: string;
  /** EDP_RUNNER_POLL_MS: how often a waiting run is looked for and a running one's state is checked. */
  pollMs: number;
}

export function readRunsConfig(dataDir: string, env: NodeJS.ProcessEnv = process.env): RunsConfig {
  const runner = env.EDP_RUNNER || 'local';
  if (runner !== 'local' && runner !== 'kubernetes') throw new Error(`EDP_RUNNER must be local or kubernetes, got "${runner}"`);
  return {
    runner,
    concurrency: positive('EDP_RUNNER_CONCURRENCY', env.EDP_RUNNER_CONCURRENCY, 4),
    graceMs: positive('EDP_RUNNER_GRACE_MS', env.EDP_RUNNER_GRACE_MS, 10_000),
    workRoot: path.resolve(env.EDP_RUNNER_DIR || path.join(dataDir, 'runs')),
    pollMs: positive('EDP_RUNNER_POLL_MS', env.EDP_RUNNER_POLL_MS, 1000),
  };
}

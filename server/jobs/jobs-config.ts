import { positiveInteger as integer } from '../env-integer';

/** The job worker's settings, from the environment (server/config.ts holds the server's). */
export interface JobsConfig {
  /** EDP_JOBS_CONCURRENCY: handlers running at once in this process. */
  concurrency: number;
  /** EDP_JOBS_POLL_MS: between polls for due jobs. */
  pollMs: number;
  /** EDP_JOBS_LEASE_MS: after this without a heartbeat, a running job counts as abandoned and runs again. */
  leaseMs: number;
}

export function readJobsConfig(env: NodeJS.ProcessEnv = process.env): JobsConfig {
  const config = {
    concurrency: integer('EDP_JOBS_CONCURRENCY', env.EDP_JOBS_CONCURRENCY, 2),
    pollMs: integer('EDP_JOBS_POLL_MS', env.EDP_JOBS_POLL_MS, 1000),
    leaseMs: integer('EDP_JOBS_LEASE_MS', env.EDP_JOBS_LEASE_MS, 60_000),
  };
  // Heartbeats ride on polls: a lease must outlast a few of them.
  if (config.leaseMs < config.pollMs * 3)
    throw new Error(`EDP_JOBS_LEASE_MS (${config.leaseMs}) must be at least three times EDP_JOBS_POLL_MS (${config.pollMs})`);
  return config;
}

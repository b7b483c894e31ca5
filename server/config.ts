import path from 'node:path';

/** Configuration comes from the environment only (issue #2). */
export interface Config {
  port: number;
  host: string;
  /** Absent: embedded PGlite kept in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  seedPassword?: string;
  sessionIdleMs: number;
  trustProxy: boolean;
  logLevel: string;
}

const positive = (name: string, raw: string | undefined, fallback: number): number => {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
};

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: positive('PORT', env.PORT, 8080),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    seedPassword: env.EDP_SEED_PASSWORD || undefined,
    sessionIdleMs: positive('SESSION_IDLE_MINUTES', env.SESSION_IDLE_MINUTES, 12 * 60) * 60_000,
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    logLevel: env.LOG_LEVEL || 'info',
  };
}

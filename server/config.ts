import path from 'node:path';

/** Configuration comes from the environment only. */
export interface Config {
  port: number;
  host: string;
  /** Absent: embedded PGlite kept in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  seedPassword?: string;
  /** Seed the demo space (accounts and data) at the first start: EDP_DEMO, by default only on the embedded database. */
  demo: boolean;
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

const flag = (name: string, raw: string | undefined, fallback: boolean): boolean => {
  if (raw === undefined || raw === '') return fallback;
  if (raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  throw new Error(`${name} must be 1 or 0, got "${raw}"`);
};

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: positive('PORT', env.PORT, 8080),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    seedPassword: env.EDP_SEED_PASSWORD || undefined,
    demo: flag('EDP_DEMO', env.EDP_DEMO, !env.DATABASE_URL),
    sessionIdleMs: positive('SESSION_IDLE_MINUTES', env.SESSION_IDLE_MINUTES, 12 * 60) * 60_000,
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    logLevel: env.LOG_LEVEL || 'info',
  };
}

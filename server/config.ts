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
  /** The embedded server's own snapshots (server/backup): where, when (cron) and how many are kept. */
  backup: { dir: string; cron: string; keep: number };
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
  const dataDir = path.resolve(env.DATA_DIR || './data');
  return {
    port: positive('PORT', env.PORT, 8080),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    seedPassword: env.EDP_SEED_PASSWORD || undefined,
    demo: flag('EDP_DEMO', env.EDP_DEMO, !env.DATABASE_URL),
    sessionIdleMs: positive('SESSION_IDLE_MINUTES', env.SESSION_IDLE_MINUTES, 12 * 60) * 60_000,
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    logLevel: env.LOG_LEVEL || 'info',
    backup: {
      // Beside the data, by default: a copy on the same disk guards against a broken database, not a lost disk.
      dir: path.resolve(env.BACKUP_DIR || path.join(dataDir, 'backups')),
      cron: env.BACKUP_CRON || '30 3 * * *',
      keep: Math.floor(positive('BACKUP_KEEP', env.BACKUP_KEEP, 7)),
    },
  };
}

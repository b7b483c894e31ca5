import { sql } from 'kysely';
import type { Db } from './tables';

/**
 * Every PostgreSQL advisory-lock id the server takes, in one place, so no two uses collide. Each is
 * a transaction-level lock (pg_advisory_xact_lock): PGlite has one session, so a session-level lock
 * would not keep its own callers apart. The job queue (server/jobs/) takes none: row locks
 * (FOR UPDATE SKIP LOCKED) and unique keys do its work.
 */
export const ADVISORY_LOCK = {
  /** The first start's seed (server/db/seed.ts): concurrent first starts seed once. */
  seed: 7246001,
  /** Entity table DDL (server/engine/ddl.ts): concurrent starts alter tables one at a time. */
  entityDdl: 7246002,
  /** A run queue (server/modules/runs, with the queue as the part): one run of a queue starts at a time. */
  runQueue: 7246003,
  /** The alarm engine (server/modules/robots): one evaluation at a time, however many processes and due times overlap. */
  alarmEvaluation: 7246004,
  /** Activating an OTA package (server/modules/ota, with its artifact's space and type as the part): one activation per slot at a time. */
  otaActivation: 7246005,
  /** Installing pg_trgm in `public` (server/engine/ddl.ts): what every schema of the database shares, so the one lock that is not the schema's own. */
  trigramExtension: 7246006,
  /** A run's metrics (server/modules/runs, with the instance as the part): its log and its calls back number their reports one writer at a time. */
  runMetrics: 7246007,
} as const;

type LockName = keyof typeof ADVISORY_LOCK;
const DATABASE_WIDE: readonly LockName[] = ['trigramExtension'];

/**
 * A lock's key, hashed with the connection's schema: advisory locks belong to the whole database,
 * and deployments (or test files) that share one database in schemas of their own must neither
 * wait on each other nor, with a try-lock, skip their own work because the other holds it.
 */
const keyOf = (lock: LockName, part: string) => {
  const name = `:${ADVISORY_LOCK[lock]}:${part}`;
  return DATABASE_WIDE.includes(lock) ? sql`hashtextextended(${name}, 0)` : sql`hashtextextended(current_schema() || ${name}, 0)`;
};

/** Waits for the lock until the transaction ends. */
export async function lockUntilCommit(db: Db, lock: LockName, part = ''): Promise<void> {
  await sql`select pg_advisory_xact_lock(${keyOf(lock, part)})`.execute(db);
}

/** Takes the lock until the transaction ends if nobody holds it; false when somebody does. */
export async function tryLockUntilCommit(db: Db, lock: LockName, part = ''): Promise<boolean> {
  const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${keyOf(lock, part)}) as locked`.execute(db);
  return rows[0]?.locked === true;
}

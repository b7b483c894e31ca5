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
  /** A run queue (server/modules/runs, with the queue's hash as the second key): one run of a queue starts at a time. */
  runQueue: 7246003,
  /** The alarm engine (server/modules/robots): one evaluation at a time, however many processes and due times overlap. */
  alarmEvaluation: 7246004,
  /** Activating an OTA package (server/modules/ota, with the hash of its artifact's space and type as the second key): one activation per slot at a time. */
  otaActivation: 7246005,
} as const;

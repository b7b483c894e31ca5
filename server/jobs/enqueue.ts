import type { Db } from '../db/tables';
import { withJobTables, type JsonValue } from './job-tables';

export interface EnqueueOptions {
  /** Not before this time; default now. */
  runAt?: Date;
  /** Runs allowed before the job is left `failed`; default 5. */
  maxAttempts?: number;
  /** At most one job ever holds this key: a second enqueue with it adds nothing (and returns null). */
  singletonKey?: string;
  /** The server's "now" (its clock); default the system time. */
  now?: Date;
}

export const DEFAULT_MAX_ATTEMPTS = 5;

/**
 * Adds a job. Given a transaction, the job is written in it: it exists (and can run) only if that
 * transaction commits, so "save this and do that afterwards" cannot half happen. Returns its id.
 */
export async function enqueue(db: Db, name: string, payload: JsonValue = {}, options: EnqueueOptions = {}): Promise<number | null> {
  const now = options.now ?? new Date();
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new Error(`maxAttempts must be a positive integer, got ${maxAttempts}`);
  const row = await withJobTables(db)
    .insertInto('jobs')
    .values({
      name,
      payload: JSON.stringify(payload),
      runAt: options.runAt ?? now,
      maxAttempts,
      singletonKey: options.singletonKey ?? null,
      createdTime: now,
      updatedTime: now,
    })
    .onConflict((conflict) => conflict.column('singletonKey').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Adds one job per payload in one statement (a look's fires, their runs): as `enqueue`, in the caller's transaction if given. */
export async function enqueueMany(db: Db, name: string, payloads: JsonValue[], options: Omit<EnqueueOptions, 'singletonKey'> = {}): Promise<void> {
  if (payloads.length === 0) return;
  const now = options.now ?? new Date();
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  await withJobTables(db)
    .insertInto('jobs')
    .values(
      payloads.map((payload) => ({
        name,
        payload: JSON.stringify(payload),
        runAt: options.runAt ?? now,
        maxAttempts,
        singletonKey: null,
        createdTime: now,
        updatedTime: now,
      })),
    )
    .execute();
}

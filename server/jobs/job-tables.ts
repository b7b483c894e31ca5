import type { ColumnType, Generated } from 'kysely';
import type { Db } from '../db/tables';

export type JobState = 'queued' | 'running' | 'succeeded' | 'failed';

/** What a payload may hold: it is stored as jsonb and handed to the handler as parsed JSON. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** The queue's tables (migration 0003-jobs), kept here rather than in server/db/tables.ts. */
export interface JobsTable {
  id: Generated<number>;
  name: string;
  /** Written as JSON text (node-postgres would turn a JS array into a PostgreSQL array), read parsed. */
  payload: ColumnType<JsonValue, string, string>;
  state: ColumnType<JobState, JobState | undefined, JobState>;
  runAt: Date;
  attempts: Generated<number>;
  maxAttempts: number;
  leaseUntil: Date | null;
  lockedBy: string | null;
  lastError: string | null;
  singletonKey: string | null;
  createdTime: Date;
  updatedTime: Date;
  finishedTime: Date | null;
}

export interface JobSchedulesTable {
  name: string;
  lastDueTime: Date;
}

// A type alias, not an interface: withTables wants an index signature, which only aliases get implicitly.
export type JobTables = {
  jobs: JobsTable;
  jobSchedules: JobSchedulesTable;
};

/** The same connection (or transaction) with the queue's tables typed. */
export const withJobTables = (db: Db) => db.withTables<JobTables>();

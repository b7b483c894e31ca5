import type { Generated, Kysely, Selectable } from 'kysely';
import type { account } from '../../model/schemas/account';
import type { tenant } from '../../model/schemas/tenant';
import type { EntityTable } from './entity-table';

/** Table types as Kysely sees them (camelCase; CamelCasePlugin maps to snake_case columns). */
export type TenantsTable = EntityTable<typeof tenant>;
export type AccountsTable = EntityTable<typeof account> & { tenantId: number };

export interface NoncesTable {
  id: string;
  randomKey: string;
  expiresTime: Date;
}

export interface SessionsTable {
  /** SHA-256 of the sessionKey; the key itself is never stored. */
  keyHash: string;
  accountId: number;
  tenantId: number;
  createdTime: Date;
  lastSeenTime: Date;
}

export interface RateCountersTable {
  key: string;
  count: number;
  windowEnd: Date;
}

/** One row once the database has had its first-start seed (server/db/seed.ts). */
export interface SeedMarkTable {
  id: number;
  /** Whether that seed made the demo space. */
  demo: boolean;
  seededTime: Date;
}

/** Secrets the server made for itself (server/db/server-secrets.ts). */
export interface ServerSecretsTable {
  name: string;
  value: string;
  createdTime: Date;
}

/** One part of an upload as received (server/modules/lake). */
export interface UploadPartsTable {
  uploadId: string;
  partNumber: number;
  size: number;
  etag: string;
  /** Hex MD5 of the part's bytes, as the server computed it. */
  md5: string;
  receivedTime: Date;
}

/** A download link given out, with the bytes it counts against the space's download quota. */
export interface RawDataDownloadsTable {
  id: Generated<number>;
  tenantId: number;
  bagId: number;
  bytes: number;
  createdBy: string;
  createdTime: Date;
}

/** One line an instance printed (server/modules/runs): stream 0 stdout, 1 stderr. */
export interface InstanceLogsTable {
  tenantId: number;
  instanceId: number;
  seq: number;
  time: Date;
  stream: number;
  text: string;
}

/** A scheduled task's fire time and what came of it: 'fired' (instanceId) or 'skipped' (a run still going). */
export interface TaskFiresTable {
  tenantId: number;
  taskId: number;
  dueTime: Date;
  firedTime: Date;
  outcome: 'fired' | 'skipped';
  instanceId: number | null;
}

export interface Tables {
  tenants: TenantsTable;
  accounts: AccountsTable;
  nonces: NoncesTable;
  sessions: SessionsTable;
  rateCounters: RateCountersTable;
  seedMark: SeedMarkTable;
  serverSecrets: ServerSecretsTable;
  uploadParts: UploadPartsTable;
  rawDataDownloads: RawDataDownloadsTable;
  instanceLogs: InstanceLogsTable;
  taskFires: TaskFiresTable;
}

export type Db = Kysely<Tables>;
export type Tenant = Selectable<TenantsTable>;
export type Account = Selectable<AccountsTable>;

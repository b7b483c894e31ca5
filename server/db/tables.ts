import type { Generated, Kysely, Selectable } from 'kysely';

/** Table types as Kysely sees them (camelCase; CamelCasePlugin maps to snake_case columns). */
export interface TenantsTable {
  id: Generated<number>;
  code: string;
  name: string;
  internal: boolean;
  /** Bytes; null means unlimited. */
  rawDataStorageQuota: number | null;
  rawDataDownloadQuota: number | null;
  description: string;
  createdBy: string;
  updatedBy: string;
  createdTime: Date;
  updatedTime: Date;
}

export interface AccountsTable {
  id: Generated<number>;
  tenantId: number;
  code: string;
  name: string;
  email: string;
  role: string;
  description: string;
  /** scrypt of the SHA-256 hex digest; see server/auth/password-hash.ts. */
  passwordHash: string;
  mustChangePassword: boolean;
  creator: string;
  modifier: string;
  createdTime: Date;
  updatedTime: Date;
}

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

export interface Tables {
  tenants: TenantsTable;
  accounts: AccountsTable;
  nonces: NoncesTable;
  sessions: SessionsTable;
  rateCounters: RateCountersTable;
  seedMark: SeedMarkTable;
  serverSecrets: ServerSecretsTable;
}

export type Db = Kysely<Tables>;
export type Tenant = Selectable<TenantsTable>;
export type Account = Selectable<AccountsTable>;

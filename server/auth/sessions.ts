import type { CompiledQuery } from 'kysely';
import { prepared } from '../db/prepared';
import { account } from '../../model/schemas/account';
import { tenant } from '../../model/schemas/tenant';
import { entityColumns } from '../db/entity-table';
import type { Account, Db, Tenant } from '../db/tables';
import { sha256Hex } from './cipher';
import { randomToken } from './random';

/** Writing last-seen on every request would cost a write per call; a minute's precision is plenty. */
const TOUCH_AFTER_MS = 60_000;

export interface SessionOwner {
  accountId: number;
  tenantId: number;
}

/** A 256-bit random sessionKey; only its SHA-256 is stored. */
export async function openSession(db: Db, owner: SessionOwner, now: Date): Promise<string> {
  const sessionKey = randomToken(32);
  await db
    .insertInto('sessions')
    .values({ keyHash: sha256Hex(sessionKey), ...owner, createdTime: now, lastSeenTime: now })
    .execute();
  return sessionKey;
}

/** Every column of the account and of the space, as declared. */
const ACCOUNT_COLUMNS = entityColumns(account);
const TENANT_COLUMNS = entityColumns(tenant);

/** `aTenantId` for the account's tenantId: a prefix keeps the two tables' columns apart in one row (and survives the camelCase plugin). */
const aliased = (prefix: 'a' | 't', column: string) => `${prefix}${column[0]!.toUpperCase()}${column.slice(1)}`;
const columnsOf = <T>(row: Record<string, unknown>, prefix: 'a' | 't', columns: string[]) =>
  Object.fromEntries(columns.map((column) => [column, row[aliased(prefix, column)]])) as T;

/**
 * The session with its account and its space, in one round trip: every signed-in call asks it.
 * Compiled once, then run as a prepared statement with each call's key hash as its one parameter.
 */
let lookup: CompiledQuery | undefined;
function sessionLookup(db: Db, keyHash: string): CompiledQuery {
  lookup ??= prepared(
    db
      .selectFrom('sessions')
      .innerJoin('accounts', 'accounts.id', 'sessions.accountId')
      .innerJoin('tenants', 'tenants.id', 'sessions.tenantId')
      .select(['sessions.accountId', 'sessions.tenantId', 'sessions.lastSeenTime'])
      .select(ACCOUNT_COLUMNS.map((column) => `accounts.${column} as ${aliased('a', column)}` as 'accounts.id'))
      .select(TENANT_COLUMNS.map((column) => `tenants.${column} as ${aliased('t', column)}` as 'tenants.id'))
      .where('sessions.keyHash', '=', keyHash)
      .compile(),
  );
  return { ...lookup, parameters: [keyHash] };
}

export interface LiveSession extends SessionOwner {
  account: Account;
  tenant: Tenant;
}

/**
 * The owner of a live session, with its account and space; an idle one is deleted and treated as
 * unknown (as is one whose account or space has gone).
 */
export async function findSession(db: Db, sessionKey: string, now: Date, idleMs: number): Promise<LiveSession | null> {
  const keyHash = sha256Hex(sessionKey);
  type Row = Record<string, unknown> & { accountId: number; tenantId: number; lastSeenTime: Date };
  const [row] = (await db.executeQuery<Row>(sessionLookup(db, keyHash))).rows;
  if (!row) return null;
  const idle = now.getTime() - row.lastSeenTime.getTime();
  if (idle > idleMs) {
    await closeSession(db, sessionKey);
    return null;
  }
  if (idle > TOUCH_AFTER_MS) await db.updateTable('sessions').set({ lastSeenTime: now }).where('keyHash', '=', keyHash).execute();
  return {
    accountId: row.accountId,
    tenantId: row.tenantId,
    account: columnsOf<Account>(row, 'a', ACCOUNT_COLUMNS),
    tenant: columnsOf<Tenant>(row, 't', TENANT_COLUMNS),
  };
}

export async function closeSession(db: Db, sessionKey: string): Promise<void> {
  await db.deleteFrom('sessions').where('keyHash', '=', sha256Hex(sessionKey)).execute();
}

export async function closeAccountSessions(db: Db, accountId: number): Promise<void> {
  await db.deleteFrom('sessions').where('accountId', '=', accountId).execute();
}

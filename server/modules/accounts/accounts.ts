import { account as accountEntity, type AccountRecord } from '../../../model/schemas/account';
import type { Db, Account } from '../../db/tables';
import type { Actor } from '../../engine/actor';
import type { Values } from '../../engine/hooks';
import type { RecordService } from '../../engine/record-service';
import { toRecord } from '../../engine/records';
import { ApiError, notFound } from '../../http/api-error';

/** A record of the declaration as spec §7 returns it: its authors as creator and modifier, no password hash. */
export function asAccountRecord({ createdBy, updatedBy, passwordHash: _hash, titles: _titles, links: _links, ...fields }: Values): AccountRecord {
  return { ...fields, creator: createdBy, modifier: updatedBy } as AccountRecord;
}

export const toAccountRecord = (row: Account): AccountRecord => asAccountRecord(toRecord(accountEntity, row));

export const findAccountByCode = (db: Db, tenantId: number, code: string) =>
  db.selectFrom('accounts').selectAll().where('tenantId', '=', tenantId).where('code', '=', code).executeTakeFirst();

/** An account of the caller's tenant; any other tenant's account is simply not found. */
export async function getAccount(db: Db, tenantId: number, id: number): Promise<Account> {
  const account = await db.selectFrom('accounts').selectAll().where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst();
  if (!account) throw notFound('errors:accountNotFound');
  return account;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export interface AccountFilter {
  pageNum: number;
  /** -1: every account. */
  pageSize: number;
  code?: string;
  name?: string;
}

export async function listAccounts(db: Db, tenantId: number, filter: AccountFilter) {
  let query = db.selectFrom('accounts').where('tenantId', '=', tenantId);
  if (filter.code) query = query.where('code', 'ilike', `%${escapeLike(filter.code)}%`);
  if (filter.name) query = query.where('name', 'ilike', `%${escapeLike(filter.name)}%`);
  const { total } = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  let rows = query.selectAll().orderBy('id');
  if (filter.pageSize !== -1) rows = rows.limit(filter.pageSize).offset((filter.pageNum - 1) * filter.pageSize);
  return { records: (await rows.execute()).map(toAccountRecord), total, pageNum: filter.pageNum, pageSize: filter.pageSize };
}

/** Spec §5/§7: a taken code or name is a 409 naming the call's own field (the engine's unique indexes decide, races included). */
async function uniquely<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const field = error instanceof ApiError && error.messageKey === 'errors:duplicate' ? error.data?.field : undefined;
    if (field === 'code') throw new ApiError(409, 'errors:accountCodeTaken', {}, { field: 'accountCode' });
    if (field === 'name') throw new ApiError(409, 'errors:accountNameTaken', {}, { field: 'accountName' });
    throw error;
  }
}

export interface NewAccount {
  code: string;
  name: string;
  role: string;
  /** scrypt of the password's SHA-256 digest (server/auth/password-hash.ts). */
  passwordHash: string;
  mustChangePassword: boolean;
  email?: string;
  description?: string;
  /** Whom the system names as its author (the seed, the person who made a space); a person's writes are their own. */
  createdBy?: string;
}

/**
 * The one way an account comes to be: the seed's, a new space's administrator, an administrator's
 * create-account. It goes through the record service (the declaration's rules, the audit trail) in
 * the actor's space; `records` may be a transaction's.
 */
export const createAccount = async (records: RecordService, actor: Actor, values: NewAccount): Promise<AccountRecord> =>
  asAccountRecord(await uniquely(() => records.create(actor, accountEntity, { email: '', description: '', ...values })));

/** Changes to an account as read just before (`current`): if it moved on since, a 409 asks to try again. */
export const updateAccount = async (records: RecordService, actor: Actor, current: Account, changes: Values): Promise<AccountRecord> =>
  asAccountRecord(await uniquely(() => records.update(actor, accountEntity, { id: current.id, updatedTime: current.updatedTime.toISOString(), ...changes })));

import type { Insertable, Updateable } from 'kysely';
import type { AccountRecord } from '../../../src/schemas/account';
import type { AccountsTable, Db, Account } from '../../db/tables';
import { ApiError, notFound } from '../../http/api-error';

export const toAccountRecord = (account: Account): AccountRecord => ({
  id: account.id,
  tenantId: account.tenantId,
  code: account.code,
  name: account.name,
  email: account.email,
  role: account.role,
  description: account.description,
  mustChangePassword: account.mustChangePassword,
  creator: account.creator,
  modifier: account.modifier,
  createdTime: account.createdTime.toISOString(),
  updatedTime: account.updatedTime.toISOString(),
});

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

/** Spec §5: account code and name are unique within a tenant; the database's constraints decide, races included. */
async function uniquely<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const constraint = (error as { code?: string; constraint?: string }).code === '23505' ? (error as { constraint?: string }).constraint : undefined;
    if (constraint === 'accounts_tenant_code_key') throw new ApiError(409, 'errors:accountCodeTaken', {}, { field: 'accountCode' });
    if (constraint === 'accounts_tenant_name_key') throw new ApiError(409, 'errors:accountNameTaken', {}, { field: 'accountName' });
    throw error;
  }
}

export interface NewAccount {
  tenantId: number;
  code: string;
  name: string;
  role: string;
  /** scrypt of the password's SHA-256 digest (server/auth/password-hash.ts). */
  passwordHash: string;
  mustChangePassword: boolean;
  email?: string;
  description?: string;
  /** Who makes it: an administrator's code, or the seed. */
  by: string;
  now: Date;
  /** Leave an account of that code alone rather than refuse (a seed meeting an earlier one). */
  ifAbsent?: boolean;
}

/** The one way an account comes to be: the seed's, a new space's administrator, an administrator's create-account. */
export async function createAccount(db: Db, account: NewAccount & { ifAbsent?: false }): Promise<Account>;
export async function createAccount(db: Db, account: NewAccount): Promise<Account | undefined>;
export async function createAccount(db: Db, { by, now, ifAbsent = false, email = '', description = '', ...account }: NewAccount): Promise<Account | undefined> {
  const values: Insertable<AccountsTable> = { ...account, email, description, creator: by, modifier: by, createdTime: now, updatedTime: now };
  if (ifAbsent)
    return db
      .insertInto('accounts')
      .values(values)
      .onConflict((conflict) => conflict.columns(['tenantId', 'code']).doNothing())
      .returningAll()
      .executeTakeFirst();
  return uniquely(() => db.insertInto('accounts').values(values).returningAll().executeTakeFirstOrThrow());
}

export const updateAccount = (db: Db, id: number, values: Updateable<AccountsTable>) =>
  uniquely(() => db.updateTable('accounts').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow());

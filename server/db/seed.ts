import { sql } from 'kysely';
import { sha256Hex } from '../auth/cipher';
import { hashDigest } from '../auth/password-hash';
import { generatePassword } from '../auth/random';
import type { Db } from './tables';

/** The first start's tenants and accounts (issue #2). */
export const SEED = [
  { code: 'platform', name: 'Platform', internal: true, accounts: [{ code: 'admin', name: 'Platform Admin', role: 'system_admin' }] },
  {
    code: 'demo',
    name: 'Demo Space',
    internal: false,
    accounts: [
      { code: 'admin', name: 'Demo Admin', role: 'tenant_admin' },
      { code: 'rd', name: 'Demo R&D', role: 'rd' },
      { code: 'operator', name: 'Demo Operator', role: 'tele_operator' },
    ],
  },
] as const;

export interface SeedOutcome {
  /** Set when this start created the accounts with a generated password (it is shown once). */
  generatedPassword?: string;
  createdAccounts: number;
}

/** Idempotent: inserts what is missing, under a lock, so concurrent first starts agree. */
export async function seed(db: Db, seedPassword: string | undefined, now: Date): Promise<SeedOutcome> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(7246001)`.execute(trx);
    const existing = await trx
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const password = seedPassword ?? generatePassword();
    const passwordHash = await hashDigest(sha256Hex(password));
    let createdAccounts = 0;
    for (const tenant of SEED) {
      await trx
        .insertInto('tenants')
        .values({
          code: tenant.code,
          name: tenant.name,
          internal: tenant.internal,
          rawDataStorageQuota: null,
          rawDataDownloadQuota: null,
          description: '',
          createdBy: 'seed',
          updatedBy: 'seed',
          createdTime: now,
          updatedTime: now,
        })
        .onConflict((conflict) => conflict.column('code').doNothing())
        .execute();
      const { id: tenantId } = await trx.selectFrom('tenants').select('id').where('code', '=', tenant.code).executeTakeFirstOrThrow();
      for (const account of tenant.accounts) {
        const inserted = await trx
          .insertInto('accounts')
          .values({
            ...account,
            tenantId,
            email: '',
            description: '',
            passwordHash,
            mustChangePassword: false,
            creator: 'seed',
            modifier: 'seed',
            createdTime: now,
            updatedTime: now,
          })
          .onConflict((conflict) => conflict.columns(['tenantId', 'code']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (inserted) createdAccounts += 1;
      }
    }
    const firstStart = existing.count === 0 && createdAccounts > 0;
    return { createdAccounts, ...(firstStart && !seedPassword ? { generatedPassword: password } : {}) };
  });
}

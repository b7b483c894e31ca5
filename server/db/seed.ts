import { tenant as tenantEntity } from '../../model/schemas/tenant';
import { sha256Hex } from '../auth/cipher';
import { hashDigest } from '../auth/password-hash';
import { generatePassword } from '../auth/random';
import { systemActor } from '../engine/actor';
import type { RecordService } from '../engine/record-service';
import { createAccount, findAccountByCode } from '../modules/accounts/accounts';
import type { DemoWriter } from '../modules/demo/sections';
import { findTenantByCode } from '../modules/tenants/tenants';
import { lockUntilCommit } from './advisory-locks';

/** The platform operator's own space and its administrator: every database has them. */
export const PLATFORM_SEED = {
  code: 'platform',
  name: 'Platform',
  internal: true,
  accounts: [{ code: 'admin', name: 'Platform Admin', role: 'system_admin' }],
} as const;

/** The demo space and its well-known accounts: only on the embedded default or with EDP_DEMO=1. */
export const DEMO_SEED = {
  code: 'demo',
  name: 'Demo Space',
  internal: false,
  accounts: [
    { code: 'admin', name: 'Demo Admin', role: 'tenant_admin' },
    { code: 'rd', name: 'Demo R&D', role: 'rd' },
    { code: 'operator', name: 'Demo Operator', role: 'tele_operator' },
  ],
} as const;

/** The first start's tenants and accounts with the demo. */
export const SEED = [PLATFORM_SEED, DEMO_SEED] as const;

export interface SeedOptions {
  /** EDP_SEED_PASSWORD: the password of the accounts made; absent, one is generated (and returned once). */
  password?: string;
  /** The demo space, its accounts and (with `demoData`) its records; otherwise only the platform's administrator. */
  demo: boolean;
  /** Writes the demo records inside the seeding transaction (server/modules/demo); tests that need only the accounts leave it out. */
  demoData?: (demo: DemoWriter, demoTenantId: number | undefined, now: Date) => Promise<void>;
}

export interface SeedOutcome {
  /** Whether this call seeded; false on every later start (the database carries its seed mark). */
  seeded: boolean;
  /** Whether the database was seeded with the demo space (by this call or its first start). */
  demo: boolean;
  createdAccounts: number;
  /** Set when this call created the accounts with a generated password (it is shown once). */
  generatedPassword?: string;
  /** Whether the accounts made must choose their own password at their first sign-in. */
  mustChangePassword?: boolean;
}

/**
 * Once per database: the platform space and its administrator, with the demo space, its accounts
 * and its data when asked. A mark written in the same transaction, under an advisory lock (so
 * concurrent first starts agree), makes every later call a no-op: accounts deleted and demo tables
 * emptied since are never refilled. Without the demo the administrator's password is one-time.
 */
export async function seed(records: RecordService, { password: given, demo, demoData }: SeedOptions, now: Date): Promise<SeedOutcome> {
  return records.transaction(async (service, trx) => {
    await lockUntilCommit(trx, 'seed');
    const mark = await trx.selectFrom('seedMark').select('demo').executeTakeFirst();
    if (mark) return { seeded: false, demo: mark.demo, createdAccounts: 0 };
    const password = given ?? generatePassword();
    const passwordHash = await hashDigest(sha256Hex(password));
    const mustChangePassword = !demo;
    let createdAccounts = 0;
    const tenantIds = new Map<string, number>();
    for (const tenant of demo ? SEED : [PLATFORM_SEED]) {
      const { accounts, ...space } = tenant;
      const existing = await findTenantByCode(trx, space.code);
      const tenantId = existing?.id ?? (await service.create(systemActor(null), tenantEntity, { ...space, description: '', createdBy: 'seed' })).id;
      tenantIds.set(space.code, tenantId);
      for (const account of accounts) {
        if (await findAccountByCode(trx, tenantId, account.code)) continue; // a seed meeting an earlier one leaves it alone
        await createAccount(service, systemActor(tenantId), { ...account, passwordHash, mustChangePassword, createdBy: 'seed' });
        createdAccounts += 1;
      }
    }
    if (demo && demoData) await demoData({ db: trx, records: service }, tenantIds.get(DEMO_SEED.code), now);
    await trx.insertInto('seedMark').values({ id: 1, demo, seededTime: now }).execute();
    return { seeded: true, demo, createdAccounts, mustChangePassword, ...(given ? {} : { generatedPassword: password }) };
  });
}

import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../server/auth/cipher';
import { verifyDigest } from '../../server/auth/password-hash';
import { seed } from '../../server/db/seed';
import { createTestApp } from './helpers/test-app';

describe('seed', () => {
  it('is idempotent and generates one strong password only when none is given', async () => {
    const t = await createTestApp(); // already seeded once with SEED_PASSWORD
    try {
      const again = await seed(t.database.db, undefined, t.clock());
      expect(again).toEqual({ createdAccounts: 0 });
      const tenants = await t.database.db.selectFrom('tenants').select(['code', 'internal']).orderBy('code').execute();
      expect(tenants).toEqual([
        { code: 'demo', internal: false },
        { code: 'platform', internal: true },
      ]);
      const accounts = await t.database.db
        .selectFrom('accounts')
        .innerJoin('tenants', 'tenants.id', 'accounts.tenantId')
        .select(['tenants.code as tenant', 'accounts.code', 'accounts.role'])
        .orderBy('accounts.id')
        .execute();
      expect(accounts).toEqual([
        { tenant: 'platform', code: 'admin', role: 'system_admin' },
        { tenant: 'demo', code: 'admin', role: 'tenant_admin' },
        { tenant: 'demo', code: 'rd', role: 'rd' },
        { tenant: 'demo', code: 'operator', role: 'tele_operator' },
      ]);
    } finally {
      await t.close();
    }
  });

  it('generates a password meeting spec §5 on a first start without EDP_SEED_PASSWORD', async () => {
    const t = await createTestApp();
    try {
      await t.database.db.deleteFrom('accounts').execute();
      const outcome = await seed(t.database.db, undefined, t.clock());
      expect(outcome.createdAccounts).toBe(4);
      const password = outcome.generatedPassword!;
      expect(password).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[^A-Za-z0-9]).{12,}$/);
      const rows = await t.database.db.selectFrom('accounts').select('passwordHash').execute();
      for (const { passwordHash } of rows) expect(await verifyDigest(sha256Hex(password), passwordHash)).toBe(true);
    } finally {
      await t.close();
    }
  });
});

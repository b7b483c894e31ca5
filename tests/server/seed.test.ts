import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../server/auth/cipher';
import { verifyDigest } from '../../server/auth/password-hash';
import { readConfig } from '../../server/config';
import { seedDemoData } from '../../server/modules/demo/demo-data';
import { migrateToLatest } from '../../server/db/migrate';
import { migrations } from '../../server/db/migrations/index';
import { seed } from '../../server/db/seed';
import type { Db } from '../../server/db/tables';
import { apiOf } from './helpers/api';
import { createTestApp, SEED_PASSWORD, type TestApp } from './helpers/test-app';

const STRONG = /^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[^A-Za-z0-9]).{12,}$/;

const accountsOf = (db: Db) =>
  db
    .selectFrom('accounts')
    .innerJoin('tenants', 'tenants.id', 'accounts.tenantId')
    .select(['tenants.code as tenant', 'accounts.code', 'accounts.role', 'accounts.mustChangePassword', 'accounts.passwordHash'])
    .orderBy('accounts.id')
    .execute();
const count = async (db: Db, table: string) => Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]!.n);

/** A test on a database as a first start finds it: migrated, never seeded. */
async function onFreshDatabase(test: (t: TestApp) => Promise<void>) {
  const t = await createTestApp({}, { seeded: false });
  try {
    await test(t);
  } finally {
    await t.close();
  }
}

describe('the demo only where asked (EDP_DEMO)', () => {
  it('is on by default on the embedded database and off on DATABASE_URL; EDP_DEMO=1 or 0 says otherwise', () => {
    expect(readConfig({}).demo).toBe(true);
    expect(readConfig({ DATABASE_URL: 'postgres://db/edp' }).demo).toBe(false);
    expect(readConfig({ DATABASE_URL: 'postgres://db/edp', EDP_DEMO: '1' }).demo).toBe(true);
    expect(readConfig({ EDP_DEMO: '0' }).demo).toBe(false);
    expect(() => readConfig({ EDP_DEMO: 'yes' })).toThrow('EDP_DEMO must be 1 or 0');
  });
});

describe('seed, without the demo (a production database)', () => {
  it('makes only the platform space and its administrator, with a generated one-time password', () =>
    onFreshDatabase(async (t) => {
      const outcome = await seed(t.records, { demo: false, demoData: seedDemoData }, t.clock());
      expect(outcome).toMatchObject({ seeded: true, demo: false, createdAccounts: 1, mustChangePassword: true });
      expect(outcome.generatedPassword).toMatch(STRONG);
      expect(await t.database.db.selectFrom('tenants').select(['code', 'internal']).execute()).toEqual([{ code: 'platform', internal: true }]);
      const [admin, ...others] = await accountsOf(t.database.db);
      expect(others).toEqual([]);
      expect(admin).toMatchObject({ tenant: 'platform', code: 'admin', role: 'system_admin', mustChangePassword: true });
      expect(await verifyDigest(sha256Hex(outcome.generatedPassword!), admin!.passwordHash)).toBe(true);
      for (const table of ['task_images', 'template_tasks', 'ota_packages', 'bags', 'labels']) expect(await count(t.database.db, table), table).toBe(0);

      const api = apiOf(t.app);
      expect((await api.signIn('demo', 'admin', outcome.generatedPassword!)).status).toBe(401);
      const signIn = await api.signIn('platform', 'admin', outcome.generatedPassword!);
      expect(signIn.body.data.account.mustChangePassword).toBe(true);
      expect((await api.get('/console/tenant/query', { token: signIn.body.data.sessionKey })).status).toBe(428);
    }));

  it('keeps EDP_SEED_PASSWORD as the first password, still one-time', () =>
    onFreshDatabase(async (t) => {
      const outcome = await seed(t.records, { password: SEED_PASSWORD, demo: false }, t.clock());
      expect(outcome).toEqual({ seeded: true, demo: false, createdAccounts: 1, mustChangePassword: true });
      expect((await apiOf(t.app).signIn('platform', 'admin', SEED_PASSWORD)).body.data.account.mustChangePassword).toBe(true);
    }));
});

describe('seed, with the demo', () => {
  it('makes the four accounts sharing EDP_SEED_PASSWORD, not one-time, and the demo data in the same transaction', () =>
    onFreshDatabase(async (t) => {
      const outcome = await seed(t.records, { password: SEED_PASSWORD, demo: true, demoData: seedDemoData }, t.clock());
      expect(outcome).toEqual({ seeded: true, demo: true, createdAccounts: 4, mustChangePassword: false });
      const accounts = await accountsOf(t.database.db);
      expect(accounts.map(({ tenant, code, role, mustChangePassword }) => ({ tenant, code, role, mustChangePassword }))).toEqual([
        { tenant: 'platform', code: 'admin', role: 'system_admin', mustChangePassword: false },
        { tenant: 'demo', code: 'admin', role: 'tenant_admin', mustChangePassword: false },
        { tenant: 'demo', code: 'rd', role: 'rd', mustChangePassword: false },
        { tenant: 'demo', code: 'operator', role: 'tele_operator', mustChangePassword: false },
      ]);
      for (const { passwordHash } of accounts) expect(await verifyDigest(sha256Hex(SEED_PASSWORD), passwordHash)).toBe(true);
      expect(await count(t.database.db, 'bags')).toBe(400);
      expect(await count(t.database.db, 'task_images')).toBe(3);
    }));

  it('generates one strong password for the four when EDP_SEED_PASSWORD is not set', () =>
    onFreshDatabase(async (t) => {
      const outcome = await seed(t.records, { demo: true }, t.clock());
      expect(outcome).toMatchObject({ seeded: true, demo: true, createdAccounts: 4, mustChangePassword: false });
      expect(outcome.generatedPassword).toMatch(STRONG);
      for (const { passwordHash } of await accountsOf(t.database.db))
        expect(await verifyDigest(sha256Hex(outcome.generatedPassword!), passwordHash)).toBe(true);
    }));
});

describe('seed, once per database', () => {
  it('never refills: deleted accounts and emptied demo tables stay so at every later start, whatever it asks', () =>
    onFreshDatabase(async (t) => {
      const { db } = t.database;
      await seed(t.records, { password: SEED_PASSWORD, demo: true, demoData: seedDemoData }, t.clock());
      await db.deleteFrom('accounts').where('code', '=', 'rd').execute();
      await sql`delete from labels`.execute(db);
      await sql`delete from ota_packages`.execute(db);
      for (const demo of [true, false]) {
        expect(await seed(t.records, { demo, demoData: seedDemoData }, t.clock())).toEqual({ seeded: false, demo: true, createdAccounts: 0 });
      }
      expect((await accountsOf(db)).map(({ tenant, code }) => `${tenant}/${code}`)).toEqual(['platform/admin', 'demo/admin', 'demo/operator']);
      expect(await count(db, 'labels')).toBe(0);
      expect(await count(db, 'ota_packages')).toBe(0);
      expect(await count(db, 'bags')).toBe(400);
    }));

  it('lets concurrent first starts agree: one seeds, the others find its mark', () =>
    onFreshDatabase(async (t) => {
      const outcomes = await Promise.all([0, 1, 2].map(() => seed(t.records, { demo: true }, t.clock())));
      expect(outcomes.filter((outcome) => outcome.seeded)).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome.generatedPassword)).toHaveLength(1);
      expect(await accountsOf(t.database.db)).toHaveLength(4);
    }));

  it('counts a database seeded before the mark existed as seeded, with the demo it has', async () => {
    const t = await createTestApp(); // seeded, with the demo
    try {
      const { db } = t.database;
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema: rows[0]!.schema });
      expect((await migrator.migrateTo('0001-accounts')).results).toContainEqual(
        expect.objectContaining({ migrationName: '0002-seed-mark', status: 'Success' }),
      );
      await migrateToLatest(db); // as an upgraded server starts
      expect(await seed(t.records, { demo: false }, t.clock())).toEqual({ seeded: false, demo: true, createdAccounts: 0 });
    } finally {
      await t.close();
    }
  });
});

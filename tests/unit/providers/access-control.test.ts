import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../model/access/roles';
import { accessControlProvider } from '../../../src/providers/access-control';
import { sessionStore } from '../../../src/providers/session-store';
import { accountOf, tenantOf } from '../fixtures';
import { mockApi } from '../msw';

mockApi(); // any request at all would fail the test: checks are local

const signInAs = (role: string, internal: boolean) => sessionStore.save('token', accountOf(role), tenantOf(internal));
const can = async (resource: string, action: string) => (await accessControlProvider.can!({ resource, action })).can;

const EXPECTED: Record<string, Record<string, boolean>> = {
  // role@tenant: list accounts, create account, reset password, system tenants, managed tickets, raw-data dashboard
  'system_admin@internal': { list: true, create: true, resetPassword: true, system: true, managed: true, dashboard: true },
  'system_admin@external': { list: true, create: false, resetPassword: false, system: false, managed: true, dashboard: true },
  'tenant_admin@internal': { list: true, create: true, resetPassword: true, system: false, managed: true, dashboard: true },
  'tenant_admin@external': { list: true, create: true, resetPassword: true, system: false, managed: true, dashboard: true },
  'rd@internal': { list: true, create: false, resetPassword: false, system: false, managed: true, dashboard: true },
  'rd@external': { list: true, create: false, resetPassword: false, system: false, managed: true, dashboard: true },
  'tele_operator@internal': { list: false, create: false, resetPassword: false, system: false, managed: true, dashboard: false },
  'tele_operator@external': { list: false, create: false, resetPassword: false, system: false, managed: true, dashboard: false },
};

describe('accessControlProvider.can (spec §6)', () => {
  it.each(ROLES.flatMap((role) => [`${role}@internal`, `${role}@external`]))('%s', async (who) => {
    const [role, where] = who.split('@') as [string, string];
    signInAs(role, where === 'internal');
    expect({
      list: await can('/console/space/account', 'list'),
      create: await can('/console/space/account', 'create'),
      resetPassword: await can('/console/space/account', 'resetPassword'),
      system: await can('/console/system/tenant', 'list'),
      managed: await can('/data/ticket/managed', 'list'),
      dashboard: await can('/data/dashboard/rawData', 'list'),
    }).toEqual(EXPECTED[who]);
  });

  it('refuses an unknown resource and anyone signed out', async () => {
    signInAs('tenant_admin', false);
    expect(await can('/nowhere', 'list')).toBe(false);
    sessionStore.clear('signedOut');
    expect(await can('/console/space/account', 'list')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { allows, permissionsOf } from '../../../../model/access/permissions';
import { isTicketHandler, parseRoles, ROLES } from '../../../../model/access/roles';
import { accountAdmins, platformAdmin, staff, ticketHandlers } from '../../../../model/access/rules';

describe('permissionsOf (spec §6)', () => {
  it.each(ROLES.flatMap((role) => [true, false].map((internal) => [role, internal] as const)))('%s in an internal=%s tenant', (role, internal) => {
    expect(permissionsOf({ role, internal })).toEqual([`${internal ? 'internal' : 'external'}:${role}`]);
  });

  it('prefixes each role of a comma-separated list and drops unknown codes', () => {
    expect(permissionsOf({ role: 'rd, tele_operator,boss', internal: false })).toEqual(['external:rd', 'external:tele_operator']);
  });
});

describe('allows', () => {
  it('opens a rule without auth to everyone and a rule with auth to any listed permission', () => {
    expect(allows([], undefined)).toBe(true);
    expect(allows(['external:rd'], staff)).toBe(true);
    expect(allows(['external:tele_operator'], staff)).toBe(false);
    expect(allows(['external:tele_operator'], ticketHandlers)).toBe(true);
  });

  it('gives the system console to internal:system_admin only', () => {
    expect(allows(['internal:system_admin'], platformAdmin)).toBe(true);
    expect(allows(['external:system_admin'], platformAdmin)).toBe(false);
    expect(allows(['internal:tenant_admin'], platformAdmin)).toBe(false);
  });

  it('lets tenant administrators (and the platform admin in its tenant) manage accounts', () => {
    expect(allows(['external:tenant_admin'], accountAdmins)).toBe(true);
    expect(allows(['internal:system_admin'], accountAdmins)).toBe(true);
    expect(allows(['external:rd'], accountAdmins)).toBe(false);
    expect(allows(['external:tele_operator'], accountAdmins)).toBe(false);
  });
});

describe('roles', () => {
  it('parses lists and tells the ticket-handling account (exactly tele_operator)', () => {
    expect(parseRoles(' rd ,tenant_admin')).toEqual(['rd', 'tenant_admin']);
    expect(isTicketHandler('tele_operator')).toBe(true);
    expect(isTicketHandler(' tele_operator ')).toBe(true);
    expect(isTicketHandler('tele_operator,rd')).toBe(false);
    expect(isTicketHandler('rd')).toBe(false);
    expect(isTicketHandler('')).toBe(false);
  });
});

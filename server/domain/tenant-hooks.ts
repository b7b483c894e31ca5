import { sha256Hex } from '../auth/cipher';
import { hashDigest } from '../auth/password-hash';
import { generatePassword } from '../auth/random';
import type { EntityHooks } from '../engine/hooks';
import { ApiError } from '../http/api-error';
import { insertAccount, toAccountRecord } from './accounts';

/** A new space comes with its administrator; the platform's own space cannot be deleted. */
export const tenantHooks: EntityHooks = {
  afterCreate: async ({ db, principal, now }, tenant, input) => {
    const password = generatePassword();
    const account = await insertAccount(db, {
      tenantId: tenant.id as number,
      code: String(input.adminCode),
      name: String(input.adminName),
      email: '',
      role: 'tenant_admin',
      description: '',
      passwordHash: await hashDigest(sha256Hex(password)),
      mustChangePassword: true,
      creator: principal.account.code,
      modifier: principal.account.code,
      createdTime: now,
      updatedTime: now,
    });
    return { admin: { ...toAccountRecord(account), password } };
  },
  beforeDelete: async (_context, tenants) => {
    if (tenants.some((tenant) => tenant.internal)) throw new ApiError(400, 'tenant:rules.internalUndeletable', {}, { field: 'ids' });
  },
};

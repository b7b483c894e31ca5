import { sha256Hex } from '../../auth/cipher';
import { hashDigest } from '../../auth/password-hash';
import { generatePassword } from '../../auth/random';
import { actorName, systemActor } from '../../engine/actor';
import type { EntityHooks } from '../../engine/hooks';
import { ApiError } from '../../http/api-error';
import { createAccount } from '../accounts/accounts';

/** A new space comes with its administrator; the platform's own space cannot be deleted. */
export const tenantHooks: EntityHooks = {
  afterCreate: async ({ records, actor }, tenant, input) => {
    // The system seeds a space's accounts itself (server/modules/demo); a person names its administrator.
    if (input.adminCode === undefined) return;
    const password = generatePassword();
    // Written by whoever made the space, in the new space (hence as the system there, named for them).
    const admin = await createAccount(records, systemActor(tenant.id as number), {
      code: String(input.adminCode),
      name: String(input.adminName),
      role: 'tenant_admin',
      passwordHash: await hashDigest(sha256Hex(password)),
      mustChangePassword: true,
      createdBy: actorName(actor),
    });
    return { admin: { ...admin, password } };
  },
  beforeDelete: async (_context, tenants) => {
    if (tenants.some((tenant) => tenant.internal)) throw new ApiError(400, 'tenant:rules.internalUndeletable', {}, { field: 'ids' });
  },
};

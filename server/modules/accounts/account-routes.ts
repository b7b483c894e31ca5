import { z } from 'zod';
import { ROLES, parseRoles, type Role } from '../../../model/access/roles';
import { accountAdmins } from '../../../model/access/rules';
import {
  accountIdQuery,
  accountQuery,
  accountRecord,
  createAccountPayload,
  resetPasswordPayload,
  resetPasswordResult,
  roleOption,
} from '../../../model/schemas/account';
import { envelope, page } from '../../../model/schemas/envelope';
import { sha256Hex } from '../../auth/cipher';
import { openCiphers } from '../../auth/credentials';
import { principalOf, type Principal } from '../../auth/guard';
import { hashDigest } from '../../auth/password-hash';
import { generatePassword } from '../../auth/random';
import { closeAccountSessions } from '../../auth/sessions';
import type { ApiApp, AppContext } from '../../context';
import { personActor } from '../../engine/actor';
import { createAccount, getAccount, listAccounts, toAccountRecord, updateAccount } from './accounts';
import { ApiError } from '../../http/api-error';
import { ok } from '../../http/envelope';
import { localize } from '../../http/messages';

const tags = ['accounts'];

/** system_admin exists only in the platform's own tenant. */
const assignableRoles = ({ tenant }: Principal): Role[] => ROLES.filter((role) => tenant.internal || role !== 'system_admin');

/** Spec §7 account calls, always within the caller's tenant. */
export function accountRoutes(app: ApiApp, { db, clock, records }: AppContext): void {
  app.get('/console/account/query', {
    schema: {
      tags,
      summary: "List the tenant's accounts",
      description:
        'pageSize -1 returns every account (the console keeps them as a lookup by code and by id). code and name filter by case-insensitive substring.',
      querystring: accountQuery,
      response: { 200: envelope(page(accountRecord)) },
    },
    handler: async (request) => ok(await listAccounts(db, principalOf(request).tenant.id, request.query)),
  });

  app.get('/console/account/get-user-info', {
    schema: { tags, summary: 'One account of the tenant', querystring: accountIdQuery, response: { 200: envelope(accountRecord) } },
    handler: async (request) => ok(toAccountRecord(await getAccount(db, principalOf(request).tenant.id, request.query.id))),
  });

  app.get('/console/account/list-role-v2', {
    schema: {
      tags,
      summary: 'Roles the caller may give a new account',
      description: 'Tenant administrators get the roles of their tenant (system_admin only in the platform tenant); everyone else an empty list.',
      response: { 200: envelope(z.array(roleOption)) },
    },
    handler: async (request) => {
      const principal = principalOf(request);
      const admin = principal.permissions.some((permission) => accountAdmins.includes(permission));
      return ok((admin ? assignableRoles(principal) : []).map((code) => ({ code, name: localize(`roles:${code}`) })));
    },
  });

  app.post('/console/account/create-account', {
    config: { access: accountAdmins },
    schema: {
      tags,
      summary: "Create an account in the caller's tenant (tenant administrators)",
      description:
        'cipherDigest as in sign-in, under the nonce of nonceId. cipherPassword (our addition: the same AES over the clear password) lets the server hold the password to the rules of spec §5; without it the account must choose a new password at first sign-in. 409 when the code or name is taken in the tenant.',
      body: createAccountPayload,
      response: { 200: envelope(accountRecord) },
    },
    handler: async (request) => {
      const principal = principalOf(request);
      const { role, accountCode, accountName, cipherDigest, cipherPassword, nonceId, description } = request.body;
      const refused = parseRoles(role).find((code) => !assignableRoles(principal).includes(code));
      if (refused) throw new ApiError(400, 'errors:roleNotAssignable', { role: refused }, { field: 'role' });
      const ciphers = await openCiphers(db, nonceId, clock());
      const digest = ciphers.digest(cipherDigest, 'cipherDigest');
      if (cipherPassword) ciphers.checkNewPassword(cipherPassword, digest, 'cipherPassword');
      const account = await createAccount(records, personActor(principal), {
        code: accountCode,
        name: accountName,
        role,
        description,
        passwordHash: await hashDigest(digest),
        mustChangePassword: !cipherPassword,
      });
      return ok(account);
    },
  });

  app.post('/console/account/reset-other-account-pwd', {
    config: { access: accountAdmins },
    schema: {
      tags,
      summary: "Reset another member's password (tenant administrators)",
      description:
        'Generates a one-time password that meets spec §5, returns it once (it is not stored in clear anywhere), ends every session of that account and makes it choose a new password at its next sign-in.',
      body: resetPasswordPayload,
      response: { 200: envelope(resetPasswordResult) },
    },
    handler: async (request) => {
      const principal = principalOf(request);
      const target = await getAccount(db, principal.tenant.id, request.body.accountId);
      if (target.id === principal.account.id) throw new ApiError(400, 'errors:cannotResetSelf', {}, { field: 'accountId' });
      const password = generatePassword();
      await updateAccount(records, personActor(principal), target, { passwordHash: await hashDigest(sha256Hex(password)), mustChangePassword: true });
      await closeAccountSessions(db, target.id);
      return ok({ accountId: target.id, password });
    },
  });
}

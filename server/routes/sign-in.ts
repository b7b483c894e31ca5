import { z } from 'zod';
import { envelope } from '../../model/schemas/envelope';
import { currentUser, nonce, signInPayload, signInResult, signOutPayload } from '../../model/schemas/session';
import { openCiphers } from '../auth/credentials';
import { principalOf } from '../auth/guard';
import { issueNonce } from '../auth/nonces';
import { verifyDigest } from '../auth/password-hash';
import { closeSession, openSession } from '../auth/sessions';
import { claimSignInAttempt, forgiveSignIn, recordSignInFailure, signInKeys } from '../auth/sign-in-limiter';
import type { ApiApp, AppContext } from '../context';
import { findAccountByCode, toAccountRecord } from '../modules/accounts/accounts';
import { findTenantByCode, toTenantRecord } from '../modules/tenants/tenants';
import { ApiError } from '../http/api-error';
import { ok } from '../http/envelope';
import { perAddress } from '../http/rate-limit';

const tags = ['session'];

/** Spec §7: nonce, sign-in, sign-out and the current user. */
export function signInRoutes(app: ApiApp, { db, clock }: AppContext): void {
  app.get('/console/nonce/generate', {
    config: { access: 'public', ...perAddress(60) },
    schema: {
      tags,
      summary: 'Issue a nonce',
      description:
        'A single-use nonce that expires after 60 s. Its randomKey, right-padded with "0" to 32 characters, is the AES-256-ECB key of every cipherDigest sent with its id.',
      response: { 200: envelope(nonce) },
    },
    handler: async () => ok(await issueNonce(db, clock())),
  });

  app.post('/console/account/login/code-pwd', {
    config: { access: 'public', ...perAddress(30) },
    schema: {
      tags,
      summary: 'Sign in with space account, personal account and password',
      description:
        'cipherDigest = Base64(AES-256-ECB/PKCS7(hex(SHA-256(password)), key = randomKey padded with "0" to 32)). 401 on wrong credentials; 400 for a used, unknown or expired nonce. ' +
        'Failures back off per (tenantCode, code, client address): after 3 failures of that pair its next attempt must wait 1 s, then 2 s, 4 s, … doubling with each further failure up to 5 minutes (429, data.retryAfterSeconds); the pair is forgotten 15 minutes after its last failure and cleared by a successful sign-in. ' +
        'An account that fails 100 times within 5 minutes, from any addresses, answers 429 for the rest of those 5 minutes, even to the right password. No address is refused for its failures alone; every address may ask for 30 sign-ins and 60 nonces a minute (429 beyond). A wrong old password in modify-self-pwd counts as a failure of the pair.',
      body: signInPayload,
      response: { 200: envelope(signInResult) },
    },
    handler: async (request) => {
      const { tenantCode, code, cipherDigest, nonceId } = request.body;
      const now = clock();
      const keys = signInKeys(tenantCode, code, request.ip);
      const digest = (await openCiphers(db, nonceId, now)).digest(cipherDigest, 'cipherDigest');
      await claimSignInAttempt(db, keys, now);
      const tenant = await findTenantByCode(db, tenantCode);
      const account = tenant && (await findAccountByCode(db, tenant.id, code));
      if (!(await verifyDigest(digest, account?.passwordHash)) || !tenant || !account) {
        await recordSignInFailure(db, keys, now);
        throw new ApiError(401, 'errors:badCredentials');
      }
      await forgiveSignIn(db, keys);
      const sessionKey = await openSession(db, { accountId: account.id, tenantId: tenant.id }, now);
      request.log.info({ tenant: tenant.code, account: account.code }, 'signed in');
      return ok({ sessionKey, account: toAccountRecord(account), tenant: toTenantRecord(tenant) });
    },
  });

  app.post('/console/account/logout', {
    config: { access: 'public', oneTimePassword: true },
    schema: {
      tags,
      summary: 'Sign out',
      description: 'Deletes the session of sessionKey; afterwards that key gets 403. Signing out an unknown or ended session also succeeds.',
      body: signOutPayload,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await closeSession(db, request.body.sessionKey);
      return ok(null);
    },
  });

  app.get('/console/account/get-cur-user-info', {
    config: { access: 'signedIn', oneTimePassword: true },
    schema: {
      tags,
      summary: 'The signed-in account and its tenant',
      description:
        'Answers an account that must still change its one-time password (account.mustChangePassword), which every other signed-in call refuses with 428.',
      response: { 200: envelope(currentUser) },
    },
    handler: async (request) => {
      const { account, tenant } = principalOf(request);
      return ok({ account: toAccountRecord(account), tenant: toTenantRecord(tenant) });
    },
  });
}

import { z } from 'zod';
import { accountRecord, selfBasicInfoPayload, selfPasswordPayload } from '../../../model/schemas/account';
import { envelope } from '../../../model/schemas/envelope';
import { openCiphers } from '../../auth/credentials';
import { principalOf } from '../../auth/guard';
import { hashDigest, verifyDigest } from '../../auth/password-hash';
import { closeAccountSessions } from '../../auth/sessions';
import { claimSignInAttempt, forgiveSignIn, recordSignInFailure, signInKeys } from '../../auth/sign-in-limiter';
import type { ApiApp, AppContext } from '../../context';
import { personActor } from '../../engine/actor';
import { updateAccount } from './accounts';
import { ApiError } from '../../http/api-error';
import { ok } from '../../http/envelope';

const tags = ['personal centre'];

/** Spec §7 modify-self-*: the signed-in account edits itself. */
export function selfRoutes(app: ApiApp, { db, clock, records }: AppContext): void {
  app.post('/console/account/modify-self-basic-info', {
    schema: {
      tags,
      summary: 'Change your own name, email and description',
      description: '409 when the name is taken in the tenant.',
      body: selfBasicInfoPayload,
      response: { 200: envelope(accountRecord) },
    },
    handler: async (request) => {
      const principal = principalOf(request);
      return ok(await updateAccount(records, personActor(principal), principal.account, request.body));
    },
  });

  app.post('/console/account/modify-self-pwd', {
    config: { access: 'signedIn', oneTimePassword: true },
    schema: {
      tags,
      summary: 'Change your own password',
      description:
        'oldCipherDigest and newCipherDigest are cipherDigests under the nonce of nonceId; newCipherPassword is the same AES over the clear new password, so the server can hold it to spec §5 (at least 8 characters with upper- and lowercase letters, a digit and a special character) and to newCipherDigest. A wrong old password counts as a failed sign-in. On success every session of the account ends: sign in again. The one call besides get-cur-user-info and logout that an account with a one-time password may make (everything else answers 428 until it is changed).',
      body: selfPasswordPayload,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      const principal = principalOf(request);
      const { account, tenant } = principal;
      const { nonceId, oldCipherDigest, newCipherDigest, newCipherPassword } = request.body;
      const now = clock();
      const keys = signInKeys(tenant.code, account.code, request.ip);
      const ciphers = await openCiphers(db, nonceId, now);
      const oldDigest = ciphers.digest(oldCipherDigest, 'oldCipherDigest');
      const newDigest = ciphers.digest(newCipherDigest, 'newCipherDigest');
      await claimSignInAttempt(db, keys, now);
      if (!(await verifyDigest(oldDigest, account.passwordHash))) {
        await recordSignInFailure(db, keys, now);
        throw new ApiError(400, 'errors:oldPasswordWrong', {}, { field: 'oldCipherDigest' });
      }
      await forgiveSignIn(db, keys);
      ciphers.checkNewPassword(newCipherPassword, newDigest, 'newCipherPassword');
      if (newDigest === oldDigest) throw new ApiError(400, 'errors:samePassword', {}, { field: 'newCipherPassword' });
      await updateAccount(records, personActor(principal), account, { passwordHash: await hashDigest(newDigest), mustChangePassword: false });
      await closeAccountSessions(db, account.id);
      return ok(null);
    },
  });
}

import { newPassword } from '../../model/schemas/password';
import { describeIssue } from '../../model/schemas/issues';
import type { Db } from '../db/tables';
import { ApiError } from '../http/api-error';
import { decryptCipher, decryptDigest, sha256Hex } from './cipher';
import { consumeNonce } from './nonces';

/** Consumes the nonce (whatever happens next, it is spent) and reads the ciphertexts sent with it. */
export async function openCiphers(db: Db, nonceId: string, now: Date) {
  const randomKey = await consumeNonce(db, nonceId, now);
  if (!randomKey) throw new ApiError(400, 'errors:nonceInvalid', {}, { field: 'nonceId' });
  const unreadable = (field: string) => new ApiError(400, 'errors:cipherInvalid', {}, { field });
  return {
    /** The SHA-256 hex digest inside a cipherDigest. */
    digest(cipher: string, field: string): string {
      const digest = decryptDigest(cipher, randomKey);
      if (!digest) throw unreadable(field);
      return digest;
    },
    /** Holds a new password to the §5 rules and to the digest sent beside it. */
    checkNewPassword(cipher: string, digest: string, field: string): void {
      const password = decryptCipher(cipher, randomKey);
      if (password === null) throw unreadable(field);
      const rule = newPassword();
      const verdict = rule.safeParse(password);
      if (!verdict.success) {
        const { key, params } = describeIssue(rule, verdict.error.issues[0]!);
        throw new ApiError(400, key, params, { field });
      }
      if (sha256Hex(password) !== digest) throw new ApiError(400, 'errors:cipherMismatch', {}, { field });
    },
  };
}

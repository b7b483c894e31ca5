import { randomBytes } from 'node:crypto';
import { sha256Hex } from '../auth/cipher';
import { randomToken } from '../auth/random';
import type { EntityHooks } from '../engine/hooks';
import { loose } from '../engine/queries';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** `EDPAK` and 16 base32 characters: recognisable in logs and configs, like cloud access key ids. */
export const newAccessKeyId = () => `EDPAK${Array.from(randomBytes(16), (byte) => BASE32[byte % 32]).join('')}`;
/** 240 random bits; a hash of it suffices to check it later, since it cannot be guessed. */
export const newAccessKeySecret = () => randomToken(30);
export const hashSecret = (secret: string) => sha256Hex(secret);

/**
 * A new key gets its id and secret here and belongs to whoever created it. The secret is returned
 * once (under `extras`) and only its hash is stored.
 */
export const accessKeyHooks: EntityHooks = {
  afterCreate: async ({ db, principal }, record) => {
    const accessKeyId = newAccessKeyId();
    const secret = newAccessKeySecret();
    const owner = principal.account.code;
    await loose(db)
      .updateTable('access_keys')
      .set({ accessKeyId, owner, secretHash: hashSecret(secret) })
      .where('id', '=', record.id)
      .execute();
    // The record the response carries was read before this update.
    Object.assign(record, { accessKeyId, owner });
    return { accessKey: { accessKeyId, secret } };
  },
};

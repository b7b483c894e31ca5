import { randomBytes } from 'node:crypto';
import { sha256Hex } from '../../auth/cipher';
import { randomToken } from '../../auth/random';
import { actorName } from '../../engine/actor';
import type { EntityHooks } from '../../engine/hooks';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** `EDPAK` and 16 base32 characters: recognisable in logs and configs, like cloud access key ids. */
export const newAccessKeyId = () => `EDPAK${Array.from(randomBytes(16), (byte) => BASE32[byte % 32]).join('')}`;
/** 240 random bits; a hash of it suffices to check it later, since it cannot be guessed. */
export const newAccessKeySecret = () => randomToken(30);
export const hashSecret = (secret: string) => sha256Hex(secret);

/**
 * A new key gets its id and secret here and belongs to whoever created it. The secret is returned
 * once (under `extras`) and only its hash is stored. A key the system brings along (an import, the
 * demo) keeps its own id, owner and hash, and has no secret to show.
 */
export const accessKeyHooks: EntityHooks = {
  beforeCreate: ({ actor }, input) => {
    if (actor.kind === 'system' && input.accessKeyId) return;
    const secret = newAccessKeySecret();
    return { accessKeyId: newAccessKeyId(), owner: actorName(actor), secretHash: hashSecret(secret), secret };
  },
  afterCreate: async (_context, record, input) =>
    typeof input.secret === 'string' ? { accessKey: { accessKeyId: record.accessKeyId, secret: input.secret } } : undefined,
};

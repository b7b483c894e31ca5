import { createDecipheriv, createHash } from 'node:crypto';

/** Spec §7: the AES key is the nonce's randomKey right-padded with '0' to 32 characters (AES-256). */
const aesKey = (randomKey: string) => Buffer.from(randomKey.padEnd(32, '0'), 'utf8');

/** Decrypts a Base64 AES-ECB/PKCS7 ciphertext of spec §7; null when it is not one. */
export function decryptCipher(cipherBase64: string, randomKey: string): string | null {
  const key = aesKey(randomKey);
  if (key.length !== 32) return null;
  try {
    const decipher = createDecipheriv('aes-256-ecb', key, null);
    return Buffer.concat([decipher.update(Buffer.from(cipherBase64, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const DIGEST = /^[0-9a-f]{64}$/;
/** A cipherDigest must decrypt to the SHA-256 hex of the password. */
export function decryptDigest(cipherBase64: string, randomKey: string): string | null {
  const digest = decryptCipher(cipherBase64, randomKey)?.toLowerCase();
  return digest && DIGEST.test(digest) ? digest : null;
}

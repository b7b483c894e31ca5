import { createCipheriv, createHash } from 'node:crypto';

/**
 * The client side of spec §7, written from the spec alone with node:crypto (not the server's code):
 * cipherDigest = Base64(AES-ECB/PKCS7(hex(SHA-256(password)), randomKey padded with '0' to 32)).
 */
export function encrypt(text: string, randomKey: string): string {
  const cipher = createCipheriv('aes-256-ecb', Buffer.from(randomKey.padEnd(32, '0'), 'utf8'), null);
  return Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]).toString('base64');
}

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export const cipherDigest = (password: string, randomKey: string) => encrypt(sha256(password), randomKey);

import { createCipheriv, createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptDigest } from '../../../server/auth/cipher';
import { cipherDigest, decrypt, encrypt } from '../../../src/providers/password';

/** The vector, computed independently of crypto-js with node:crypto, exactly as spec §7 describes. */
function expectedCipherDigest(password: string, randomKey: string): string {
  const digest = createHash('sha256').update(password, 'utf8').digest('hex');
  const cipher = createCipheriv('aes-256-ecb', Buffer.from(randomKey.padEnd(32, '0'), 'utf8'), null);
  return Buffer.concat([cipher.update(digest, 'utf8'), cipher.final()]).toString('base64');
}

describe('cipherDigest (spec §7)', () => {
  it.each([
    ['Demo-Pass-2026', 'Y8yNttm9Sz2213ImZi6wbi2R'],
    ['密码Aa1!', 'short'],
    ['x', 'exactly-thirty-two-characters-ok'],
  ])('matches AES-256-ECB/PKCS7 of the SHA-256 hex of %s under the padded key', (password, randomKey) => {
    expect(cipherDigest(password, randomKey)).toBe(expectedCipherDigest(password, randomKey));
  });

  it('is what the server reads back as the digest', () => {
    const digest = createHash('sha256').update('Demo-Pass-2026').digest('hex');
    expect(decryptDigest(cipherDigest('Demo-Pass-2026', 'abc'), 'abc')).toBe(digest);
  });

  it('never contains the password', () => {
    expect(cipherDigest('Demo-Pass-2026', 'abc')).not.toContain('Demo-Pass-2026');
  });
});

describe('decrypt', () => {
  it('reverses encrypt under the same key and not under another', () => {
    const cipher = encrypt('hello 你好', 'k1');
    expect(decrypt(cipher, 'k1')).toBe('hello 你好');
    const underAnotherKey = (() => {
      try {
        return decrypt(cipher, 'k2');
      } catch {
        return null; // garbage that is not UTF-8
      }
    })();
    expect(underAnotherKey).not.toBe('hello 你好');
  });
});

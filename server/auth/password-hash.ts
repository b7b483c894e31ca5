import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** Only scrypt(SHA-256 hex of the password, per-account salt) rests in the database. */
const PARAMS = { N: 16384, r: 8, p: 1, keyLength: 32 } as const;

const derive = (digest: string, salt: Buffer, options: ScryptOptions, keyLength: number) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(digest, salt, keyLength, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key))),
  );

export async function hashDigest(digest: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(digest, salt, PARAMS, PARAMS.keyLength);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

// Verifying against this when the account does not exist keeps both answers equally slow.
const DECOY = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

export async function verifyDigest(digest: string, stored: string | undefined): Promise<boolean> {
  const [scheme, N, r, p, salt, key] = (stored ?? DECOY).split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(digest, Buffer.from(salt, 'base64'), { N: Number(N), r: Number(r), p: Number(p) }, expected.length);
  return timingSafeEqual(actual, expected) && stored !== undefined;
}

import { timingSafeEqual } from 'node:crypto';
import { sha256Hex } from './cipher';

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export const bearerToken = (header: string | undefined) => /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];

/** Two texts compared in constant time, so how long the comparison takes tells nothing of how much of a guess was right. */
export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Whether a key's secret is the one whose SHA-256 was kept (keys keep only the hash of their secret). */
export const secretMatches = (secret: string, keptHash: string) => sameText(sha256Hex(secret), keptHash);

import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a log's download link works: long enough to start it, short enough that a copied link soon stops working. */
export const LOG_LINK_SECONDS = 10 * 60;

const mac = (secret: string, instanceId: number, expires: number) =>
  createHmac('sha256', secret).update(`instance-log:${instanceId}:${expires}`).digest('base64url');

/** A link to an instance's whole log that needs no header (a browser download cannot send one): signed, expiring. */
export function signLogLink(secret: string, instanceId: number, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + LOG_LINK_SECONDS;
  return `/api/v1/taskFlow/instance/${instanceId}/logs/download?expires=${expires}&signature=${mac(secret, instanceId, expires)}`;
}

export function verifyLogLink(secret: string, instanceId: number, expires: number, signature: string, now: Date): 'ok' | 'bad-signature' | 'expired' {
  const expected = Buffer.from(mac(secret, instanceId, expires));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'bad-signature';
  return expires * 1000 < now.getTime() ? 'expired' : 'ok';
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import { systemClock, type Clock } from '../clock';
import { InvalidKeyError, validateKey } from './object-store';

/**
 * The local store cannot serve HTTP, so its "signed URL" points at the app's object route, which checks it with
 * verifySignedUrl: an HMAC-SHA256 over method, key, expiry and download name, with a secret only the server knows.
 */
export const DEFAULT_OBJECT_ROUTE = '/api/v1/objects';

export interface SignInput {
  method: 'GET' | 'PUT';
  key: string;
  /** Unix seconds after which the URL is refused. */
  expires: number;
  fileName?: string;
}

const mac = (secret: string | Buffer, input: SignInput) =>
  createHmac('sha256', secret)
    .update(JSON.stringify(['edp-object-v1', input.method, input.key, input.expires, input.fileName ?? null])) // unambiguous fields
    .digest();

const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

/** `base` is the route's path or absolute URL; the key's segments are percent-encoded under it. */
export function signObjectUrl(secret: string | Buffer, base: string, input: SignInput): string {
  const query = new URLSearchParams({ expires: String(input.expires) });
  if (input.method !== 'GET') query.set('method', input.method);
  if (input.fileName !== undefined) query.set('fileName', input.fileName);
  query.set('signature', mac(secret, input).toString('base64url'));
  return `${base.replace(/\/+$/, '')}/${encodeKey(input.key)}?${query}`;
}

export type SignedUrlCheck =
  { ok: true; key: string; method: 'GET' | 'PUT'; fileName?: string } | { ok: false; reason: 'malformed' | 'bad-signature' | 'expired' | 'wrong-method' };

export interface VerifyOptions {
  secret: string | Buffer;
  /** The request's method: a URL signed for GET allows GET and HEAD, one signed for PUT only PUT. */
  method: string;
  /** The route's path, as given to the store (its path part if that was an absolute URL). */
  basePath?: string;
  clock?: Clock;
}

/** `url` as the request has it (path and query, or absolute). The signature is checked before the expiry. */
export function verifySignedUrl(url: string, options: VerifyOptions): SignedUrlCheck {
  let parsed: URL;
  let key: string;
  const base = (options.basePath ?? DEFAULT_OBJECT_ROUTE).replace(/\/+$/, '') + '/';
  try {
    parsed = new URL(url, 'http://local.invalid');
    if (!parsed.pathname.startsWith(base)) return { ok: false, reason: 'malformed' };
    key = validateKey(parsed.pathname.slice(base.length).split('/').map(decodeURIComponent).join('/'));
  } catch (error) {
    if (error instanceof TypeError || error instanceof URIError || error instanceof InvalidKeyError) return { ok: false, reason: 'malformed' };
    throw error;
  }
  const q = parsed.searchParams;
  const method = q.get('method') ?? 'GET';
  const expires = Number(q.get('expires'));
  const signature = Buffer.from(q.get('signature') ?? '', 'base64url');
  if ((method !== 'GET' && method !== 'PUT') || !Number.isSafeInteger(expires)) return { ok: false, reason: 'malformed' };
  const fileName = q.get('fileName') ?? undefined;
  const expected = mac(options.secret, { method, key, expires, fileName });
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return { ok: false, reason: 'bad-signature' };
  const requested = options.method.toUpperCase();
  if ((requested === 'HEAD' ? 'GET' : requested) !== method) return { ok: false, reason: 'wrong-method' };
  if ((options.clock ?? systemClock)().getTime() > expires * 1000) return { ok: false, reason: 'expired' };
  return { ok: true, key, method, ...(fileName !== undefined ? { fileName } : {}) };
}

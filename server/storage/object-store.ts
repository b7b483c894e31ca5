import { Readable } from 'node:stream';

/**
 * Where uploaded files (datasets, models, logs) live: a directory on this machine or an S3 bucket.
 * Both implementations stream: no call holds a whole object in memory. Keys are '/'-separated relative paths.
 */
export type Body = Readable | Buffer;

export interface PutOptions {
  contentType?: string;
  /** The exact length when known: S3 can then take the stream in one request, the local store checks it. */
  size?: number;
}

export interface MultipartOptions {
  contentType?: string;
  /**
   * Every part but the last will have exactly this size, and each states its size when sent: the local store
   * then writes each part in place and completes without copying (S3 takes no such hint and needs none).
   */
  partSize?: number;
}

export interface StoredObject {
  size: number;
  /** Lower-case hex without quotes; a multipart object's is S3's "md5-of-part-md5s-N". */
  etag: string;
}

export interface PartInfo extends StoredObject {
  partNumber: number;
}

/** Byte offsets, the end inclusive as in HTTP's Range header; an end past the object is cut to its last byte. */
export interface ByteRange {
  start: number;
  end?: number;
}

export interface GetResult {
  body: Readable;
  /** The whole object's size. */
  size: number;
  /** The bytes in `body`. */
  contentLength: number;
  range?: { start: number; end: number };
}

export interface ObjectInfo extends StoredObject {
  contentType: string;
  modified: Date;
}

export interface SignedUrlOptions {
  expiresInSeconds: number;
  method?: 'GET' | 'PUT';
  /** Served as an attachment under this name (GET only). */
  fileName?: string;
}

export interface ObjectStore {
  /** Replaces whatever `key` held; a reader sees the old object or the new one, and a failed put leaves the old. */
  put(key: string, body: Body, options?: PutOptions): Promise<StoredObject>;
  createMultipart(key: string, options?: MultipartOptions): Promise<string>;
  /**
   * Part numbers 1..10000; every part but the last must hold at least MIN_PART_SIZE bytes (S3's rule, kept locally too).
   * `md5`: the part's MD5 as Content-MD5 (base64); a part that arrives otherwise is refused (PartChecksumError) and not kept.
   */
  uploadPart(key: string, uploadId: string, partNumber: number, body: Body, size?: number, md5?: string): Promise<StoredObject>;
  /** The parts the store already holds, by part number: what a resumed upload can skip. */
  listParts(key: string, uploadId: string): Promise<PartInfo[]>;
  /** Parts in ascending order, each with the etag its upload returned. */
  completeMultipart(key: string, uploadId: string, parts: { partNumber: number; etag: string }[]): Promise<StoredObject>;
  /** Idempotent: an unknown or finished upload is no error. */
  abortMultipart(key: string, uploadId: string): Promise<void>;
  get(key: string, range?: ByteRange): Promise<GetResult>;
  /** The object's MD5 (hex), where the store reckons it more cheaply than a reader streaming it (off the event loop). */
  md5?(key: string): Promise<string>;
  /**
   * The object's bytes from `offset` into `target` (filled whole), where the store reads them straight into it (a
   * file): a parser reading a gigabyte then allocates nothing per read. Fails where the object ends before `target` is full.
   */
  readInto?(key: string, offset: number, target: Uint8Array): Promise<void>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Idempotent. */
  delete(key: string): Promise<void>;
  signedUrl(key: string, options: SignedUrlOptions): Promise<string>;
}

export const MIN_PART_SIZE = 5 * 1024 * 1024;
export const MAX_PARTS = 10_000;

export class ObjectNotFoundError extends Error {
  constructor(
    readonly key: string,
    readonly uploadId?: string,
  ) {
    super(uploadId ? `No multipart upload ${uploadId} for "${key}"` : `No object "${key}"`);
    this.name = 'ObjectNotFoundError';
  }
}

export class InvalidKeyError extends Error {
  override name = 'InvalidKeyError';
}

export class RangeNotSatisfiableError extends Error {
  override name = 'RangeNotSatisfiableError';
}

/** A part whose bytes are not those of the MD5 it was sent with. */
export class PartChecksumError extends Error {
  override name = 'PartChecksumError';
}

/** A part that is missing, out of order, too small or has another etag than the one given to complete. */
export class InvalidPartError extends Error {
  override name = 'InvalidPartError';
}

/** Names the local store keeps its bookkeeping under; refused on every store so that a key valid on one is valid on all. */
const RESERVED = new Set(['.tmp', '.multipart', '.meta']);

/** What `key` holds, or null when nothing does or could (a key no store takes); a store that fails says so, never "nothing". */
export const storedInfo = (store: ObjectStore, key: string): Promise<ObjectInfo | null> =>
  store.head(key).catch((error: unknown) => (error instanceof InvalidKeyError ? null : Promise.reject(error)));

/** Keys become file paths in the local store: nothing that could leave its root or alias another key. */
export function validateKey(key: string): string {
  const refuse = (why: string) => new InvalidKeyError(`Invalid object key "${key}": ${why}`);
  if (typeof key !== 'string' || key === '') throw refuse('empty');
  if (Buffer.byteLength(key) > 1024) throw refuse('longer than 1024 bytes');
  if (/[\u0000-\u001f\u007f\\]/.test(key)) throw refuse('control character or backslash');
  if (key.startsWith('/')) throw refuse('absolute');
  const segments = key.split('/');
  if (segments.some((s) => s === '')) throw refuse('empty segment');
  if (segments.some((s) => s === '.' || s === '..')) throw refuse('"." or ".." segment');
  if (RESERVED.has(segments[0]!)) throw refuse('reserved prefix');
  return key;
}

export function validatePartNumber(partNumber: number): void {
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > MAX_PARTS)
    throw new InvalidPartError(`Part number ${partNumber} is not in 1..${MAX_PARTS}`);
}

/** S3 presigns for at most a week; the local store keeps the same bounds. */
export function validateExpiry(seconds: number): void {
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 604_800) throw new RangeError(`expiresInSeconds must be an integer in 1..604800, got ${seconds}`);
}

/** Checks the numbers themselves; whether the range fits the object is the store's (or the server's) call. */
export function validateRange(range: ByteRange): void {
  const bad = (n: number | undefined) => n !== undefined && (!Number.isSafeInteger(n) || n < 0);
  if (bad(range.start) || bad(range.end) || (range.end !== undefined && range.end < range.start)) {
    throw new RangeNotSatisfiableError(`Invalid byte range ${range.start}-${range.end ?? ''}`);
  }
}

/** The inclusive range within an object of `size` bytes, as HTTP resolves it. */
export function resolveRange(range: ByteRange, size: number): { start: number; end: number } {
  validateRange(range);
  if (range.start >= size) throw new RangeNotSatisfiableError(`Range ${range.start}-${range.end ?? ''} is outside the ${size} bytes of the object`);
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

/** Content-Disposition for a download under `fileName`, with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase())}`;
}

export const toReadable = (body: Body): Readable => (Buffer.isBuffer(body) ? Readable.from([body]) : body);

/** S3 quotes etags; the stores hand them out bare. */
export const bareEtag = (etag: string | undefined): string => (etag ?? '').replace(/"/g, '');

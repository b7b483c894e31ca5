import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import {
  MAX_PARTS,
  ObjectNotFoundError,
  attachmentDisposition,
  bareEtag,
  toReadable,
  validateExpiry,
  validateKey,
  validateRange,
  type Body,
  type ByteRange,
  type GetResult,
  type ObjectInfo,
  type ObjectStore,
  type PutOptions,
  type SignedUrlOptions,
  type StoredObject,
} from './object-store';
import { MultipartStore } from './multipart-store';
import { call, sized, type S3Target } from './s3-calls';
import { S3Multipart } from './s3-multipart';
import { chunksOf } from './s3-streams';

export interface S3StoreOptions extends S3Target {
  /** Part size when put cuts a stream of unknown length: buffered in memory, one at a time (default 8 MiB). */
  partSize?: number;
}

const MAX_SINGLE_PUT = 5 * 1024 ** 3; // S3's limit for one PutObject

/** An S3 bucket (or a compatible server) through the v3 SDK; storage-config.ts sets the client up. */
export class S3Store extends MultipartStore implements ObjectStore {
  protected readonly uploads: S3Multipart;

  constructor(private readonly options: S3StoreOptions) {
    super();
    this.uploads = new S3Multipart(options);
  }

  /**
   * A Buffer, or a stream of known length, goes in one PutObject. A stream of unknown length is cut into parts held
   * in memory one at a time (so at most 10000 × partSize bytes); one that fits in a single part is one PutObject.
   */
  async put(key: string, body: Body, options: PutOptions = {}): Promise<StoredObject> {
    const { client, bucket } = this.options;
    const { contentType, size } = options;
    validateKey(key);
    if (Buffer.isBuffer(body) || (size !== undefined && size <= MAX_SINGLE_PUT)) {
      const { payload, length, abort } = await sized(body, size);
      const input = { Bucket: bucket, Key: key, Body: payload, ContentLength: length, ContentType: contentType };
      const out = await call(key, () => client.send(new PutObjectCommand(input), { abortSignal: abort.signal }), undefined, abort);
      return { size: length, etag: bareEtag(out.ETag) };
    }
    const partSize = Math.max(this.options.partSize ?? 8 * 1024 ** 2, Math.ceil((size ?? 0) / MAX_PARTS));
    const chunks = chunksOf(toReadable(body), partSize);
    const first = await chunks.next();
    const second = first.done ? first : await chunks.next();
    if (second.done) return this.put(key, first.value ?? Buffer.alloc(0), { contentType });
    let uploadId: string | undefined;
    try {
      const id = (uploadId = await this.uploads.createMultipart(key, { contentType }));
      const parts = [await this.uploads.uploadPart(key, id, 1, first.value!), await this.uploads.uploadPart(key, id, 2, second.value)];
      for await (const chunk of chunks) parts.push(await this.uploads.uploadPart(key, id, parts.length + 1, chunk));
      const done = await this.uploads.completeMultipart(
        key,
        id,
        parts.map((p, i) => ({ partNumber: i + 1, etag: p.etag })),
      );
      return { size: parts.reduce((sum, p) => sum + p.size, 0), etag: done.etag };
    } catch (error) {
      await chunks.return(undefined); // stops reading the source
      if (uploadId) await this.uploads.abortMultipart(key, uploadId).catch(() => {}); // best effort: the first error is the one to report
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<GetResult> {
    const { client, bucket } = this.options;
    validateKey(key);
    if (range) validateRange(range); // S3 would ignore a malformed range and send everything
    const Range = range ? `bytes=${range.start}-${range.end ?? ''}` : undefined;
    const out = await call(key, () => client.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range })));
    const body = out.Body as Readable;
    if (!range) return { body, size: out.ContentLength ?? 0, contentLength: out.ContentLength ?? 0 };
    const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(out.ContentRange ?? '');
    if (!match) {
      body.destroy();
      throw new Error(`The server answered a range request for "${key}" without Content-Range`);
    }
    const [start, end, size] = match.slice(1).map(Number) as [number, number, number];
    return { body, size, contentLength: end - start + 1, range: { start, end } };
  }

  async head(key: string): Promise<ObjectInfo | null> {
    const { client, bucket } = this.options;
    validateKey(key);
    const out = await call(key, () => client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).catch((error: unknown) => {
      if (error instanceof ObjectNotFoundError) return null;
      throw error;
    });
    if (!out) return null;
    return {
      size: out.ContentLength ?? 0,
      etag: bareEtag(out.ETag),
      contentType: out.ContentType ?? 'application/octet-stream',
      modified: out.LastModified ?? new Date(0),
    };
  }

  /** S3 answers a delete of a missing key with success, too. */
  async delete(key: string): Promise<void> {
    const { client, bucket } = this.options;
    validateKey(key);
    await call(key, () => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })));
  }

  /** A presigned (SigV4) URL straight to the bucket; fileName becomes the download's Content-Disposition. */
  async signedUrl(key: string, options: SignedUrlOptions): Promise<string> {
    const { client, bucket } = this.options;
    validateKey(key);
    validateExpiry(options.expiresInSeconds);
    const disposition = options.fileName !== undefined ? attachmentDisposition(options.fileName) : undefined;
    const command =
      options.method === 'PUT'
        ? new PutObjectCommand({ Bucket: bucket, Key: key })
        : new GetObjectCommand({ Bucket: bucket, Key: key, ResponseContentDisposition: disposition });
    return getSignedUrl(client, command, { expiresIn: options.expiresInSeconds });
  }
}

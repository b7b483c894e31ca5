import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  HeadObjectCommand,
  ListPartsCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import {
  InvalidPartError,
  ObjectNotFoundError,
  PartChecksumError,
  bareEtag,
  validateKey,
  validatePartNumber,
  type Body,
  type MultipartOptions,
  type PartInfo,
  type StoredObject,
} from './object-store';
import type { MultipartUploads } from './multipart-store';
import { call, sized, type S3Target } from './s3-calls';

/** A body whose MD5 (base64) is known once it has been read. */
function hashedOnTheWay(body: Body): { body: Body; digest: () => string } {
  const hash = createHash('md5');
  if (Buffer.isBuffer(body)) return { body, digest: () => hash.update(body).digest('base64') };
  const through = new PassThrough();
  body.on('error', (error) => through.destroy(error));
  body.on('data', (chunk: Buffer) => hash.update(chunk));
  body.pipe(through);
  return { body: through, digest: () => hash.digest('base64') };
}

/** The S3 store's multipart uploads: S3's own, one SDK call each. */
export class S3Multipart implements MultipartUploads {
  constructor(private readonly target: S3Target) {}

  async createMultipart(key: string, options: MultipartOptions = {}): Promise<string> {
    const { client, bucket } = this.target;
    const input = { Bucket: bucket, Key: validateKey(key), ContentType: options.contentType };
    const out = await call(key, () => client.send(new CreateMultipartUploadCommand(input)));
    return out.UploadId!;
  }

  async uploadPart(key: string, uploadId: string, partNumber: number, body: Body, size?: number, md5?: string): Promise<StoredObject> {
    const { client, bucket } = this.target;
    validateKey(key);
    validatePartNumber(partNumber);
    // S3 checks Content-MD5 itself (BadDigest); a compatible store may not, so the bytes are hashed on their way too.
    const hashed = md5 ? hashedOnTheWay(body) : undefined;
    const { payload, length, abort } = await sized(hashed?.body ?? body, size, this.target.maxBufferedPart);
    const input = {
      Bucket: bucket,
      Key: key,
      UploadId: uploadId,
      PartNumber: partNumber,
      Body: payload,
      ContentLength: length,
      ...(md5 ? { ContentMD5: md5 } : {}),
    };
    const out = await call(key, () => client.send(new UploadPartCommand(input), { abortSignal: abort.signal }), uploadId, abort);
    // A part sent with the wrong bytes stays out of the upload's record; sent again, it replaces this one.
    if (hashed && hashed.digest() !== md5) throw new PartChecksumError(`part ${partNumber} of "${key}" is not the one its MD5 names`);
    return { size: length, etag: bareEtag(out.ETag) };
  }

  /** All pages of ListParts (S3 gives up to 1000 parts a page). */
  async listParts(key: string, uploadId: string): Promise<PartInfo[]> {
    const { client, bucket } = this.target;
    validateKey(key);
    const parts: PartInfo[] = [];
    let marker: string | undefined;
    do {
      const input = { Bucket: bucket, Key: key, UploadId: uploadId, PartNumberMarker: marker };
      const page = await call(key, () => client.send(new ListPartsCommand(input)), uploadId);
      for (const p of page.Parts ?? []) parts.push({ partNumber: p.PartNumber!, size: p.Size ?? 0, etag: bareEtag(p.ETag) });
      marker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
    } while (marker);
    return parts;
  }

  async completeMultipart(key: string, uploadId: string, parts: { partNumber: number; etag: string }[]): Promise<StoredObject> {
    const { client, bucket } = this.target;
    validateKey(key);
    // Checked here too, so that a lenient S3-compatible server behaves like S3 and the local store.
    if (parts.length === 0) throw new InvalidPartError('A multipart upload needs at least one part');
    if (parts.some((p, i) => i > 0 && p.partNumber <= parts[i - 1]!.partNumber)) throw new InvalidPartError('Parts must be listed in ascending order');
    const Parts = parts.map((p) => ({ PartNumber: p.partNumber, ETag: `"${bareEtag(p.etag)}"` }));
    const input = { Bucket: bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts } };
    const out = await call(key, () => client.send(new CompleteMultipartUploadCommand(input)), uploadId);
    const head = await call(key, () => client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))); // the answer above has no size
    return { size: head.ContentLength ?? 0, etag: bareEtag(out.ETag) };
  }

  /** Idempotent: an upload S3 no longer knows is already aborted (or completed). */
  async abortMultipart(key: string, uploadId: string): Promise<void> {
    const { client, bucket } = this.target;
    const input = { Bucket: bucket, Key: validateKey(key), UploadId: uploadId };
    await call(key, () => client.send(new AbortMultipartUploadCommand(input)), uploadId).catch((error: unknown) => {
      if (!(error instanceof ObjectNotFoundError)) throw error;
    });
  }
}

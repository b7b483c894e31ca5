import { open, stat, unlink } from 'node:fs/promises';
import { systemClock, type Clock } from '../clock';
import { isNotFound, onDisk, writeHashed } from './local-files';
import { DEFAULT_TYPE, DiskLayout, metaMatches } from './local-layout';
import { LocalMultipart } from './local-multipart';
import { MultipartStore } from './multipart-store';
import { md5FileOffThread } from './off-thread-writer';
import {
  ObjectNotFoundError,
  resolveRange,
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
import { DEFAULT_OBJECT_ROUTE, signObjectUrl, verifySignedUrl, type SignedUrlCheck } from './signed-url';

export interface LocalDiskStoreOptions {
  /** The app passes DATA_DIR/objects. */
  root: string;
  /** Key of the HMAC in signed URLs; the object route verifies them with the same one (verifySignedUrl). */
  signingSecret: string | Buffer;
  /** What signed URLs start with: the object route's path, or an absolute URL to it. */
  urlBase?: string;
  clock?: Clock;
}

/** A file that is missing, or a directory of other keys, is no object: the store's not-found; anything else as it is. */
const asNotFound = (key: string, error: unknown) =>
  isNotFound(error) || (error as NodeJS.ErrnoException).code === 'EISDIR' ? new ObjectNotFoundError(key) : error;

/**
 * Objects as plain files under a root directory (layout in local-layout.ts). Every write goes to a temporary file
 * and is renamed into place, so a reader sees the old object or the new one, never a part of either.
 * Known limit: a key cannot also be a "directory" of other keys (`a` and `a/b`), which S3 allows.
 */
export class LocalDiskStore extends MultipartStore implements ObjectStore {
  private readonly layout: DiskLayout;
  protected readonly uploads: LocalMultipart;

  constructor(private readonly options: LocalDiskStoreOptions) {
    super();
    this.layout = new DiskLayout(options.root);
    this.uploads = new LocalMultipart(this.layout);
  }

  /** The directory the objects are kept under (a backup copies it). */
  get root(): string {
    return this.layout.root;
  }

  async put(key: string, body: Body, options: PutOptions = {}): Promise<StoredObject> {
    return onDisk(async () => {
      validateKey(key);
      const tmp = await this.layout.tmpFile();
      const { size, md5 } = await writeHashed(body, tmp, options.size);
      return this.layout.commit(key, tmp, md5, size, options.contentType ?? DEFAULT_TYPE);
    });
  }

  /** The object's MD5, its file read and hashed off the event loop (an upload's check of a gigabyte). */
  async md5(key: string): Promise<string> {
    return onDisk(() =>
      md5FileOffThread(this.layout.objectFile(key)).catch((error: unknown) => {
        throw asNotFound(key, error);
      }),
    );
  }

  async readInto(key: string, offset: number, target: Uint8Array): Promise<void> {
    return onDisk(async () => {
      const handle = await open(this.layout.objectFile(key), 'r').catch((error: unknown) => {
        throw asNotFound(key, error);
      });
      try {
        for (let filled = 0; filled < target.byteLength;) {
          const { bytesRead } = await handle.read(target, filled, target.byteLength - filled, offset + filled);
          if (bytesRead === 0) throw new Error(`"${key}" ends ${filled} bytes after ${offset}, before the ${target.byteLength} asked for`);
          filled += bytesRead;
        }
      } finally {
        await handle.close();
      }
    });
  }

  async get(key: string, range?: ByteRange): Promise<GetResult> {
    return onDisk(async () => {
      if (range) validateRange(range);
      // One open file gives size and content: a put renaming a new file over it meanwhile changes neither.
      const handle = await open(this.layout.objectFile(key), 'r').catch((error: unknown) => {
        throw isNotFound(error) ? new ObjectNotFoundError(key) : error;
      });
      try {
        const info = await handle.stat();
        if (!info.isFile()) throw new ObjectNotFoundError(key);
        const r = range ? resolveRange(range, info.size) : undefined;
        const body = handle.createReadStream({ start: r?.start ?? 0, ...(r ? { end: r.end } : {}) });
        return { body, size: info.size, contentLength: r ? r.end - r.start + 1 : info.size, ...(r ? { range: r } : {}) };
      } catch (error) {
        await handle.close();
        throw error;
      }
    });
  }

  async head(key: string): Promise<ObjectInfo | null> {
    return onDisk(async () => {
      const file = this.layout.objectFile(key);
      const info = await stat(file).catch((error: unknown) => (isNotFound(error) ? null : Promise.reject(error)));
      if (!info?.isFile()) return null;
      const meta = await this.layout.readMeta(key);
      if (metaMatches(meta, info)) {
        return { size: meta.size, etag: meta.etag, contentType: meta.contentType, modified: info.mtime };
      }
      // No or stale metadata (the process died between the two renames of commit, or the second failed): the content is the truth.
      return { size: info.size, etag: await md5FileOffThread(file), contentType: DEFAULT_TYPE, modified: info.mtime };
    });
  }

  async delete(key: string): Promise<void> {
    return onDisk(async () => {
      for (const file of [this.layout.objectFile(key), this.layout.metaFile(key)]) {
        await unlink(file).catch((error: NodeJS.ErrnoException) => {
          if (!isNotFound(error) && error.code !== 'EISDIR') throw error; // a "directory" of other keys is no object
        });
      }
    });
  }

  /** Whether a request's URL is one this store signed, for this method, and still valid (the object route asks). */
  verifyUrl(url: string, method: string, clock: Clock = this.options.clock ?? systemClock): SignedUrlCheck {
    return verifySignedUrl(url, {
      secret: this.options.signingSecret,
      method,
      basePath: new URL(this.options.urlBase ?? DEFAULT_OBJECT_ROUTE, 'http://local.invalid').pathname,
      clock,
    });
  }

  /** A link to the app's object route, which checks it with verifySignedUrl (signed-url.ts). */
  async signedUrl(key: string, options: SignedUrlOptions): Promise<string> {
    validateKey(key);
    validateExpiry(options.expiresInSeconds);
    const expires = Math.floor((this.options.clock ?? systemClock)().getTime() / 1000) + options.expiresInSeconds;
    return signObjectUrl(this.options.signingSecret, this.options.urlBase ?? DEFAULT_OBJECT_ROUTE, {
      method: options.method ?? 'GET',
      key,
      expires,
      ...(options.fileName !== undefined ? { fileName: options.fileName } : {}),
    });
  }
}

import { randomUUID } from 'node:crypto';
import type { Stats } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { InvalidKeyError, validateKey, type StoredObject } from './object-store';

/**
 * Where the local store keeps what, under its root:
 *   <key>                      the object's bytes, a plain file
 *   .meta/<key>.json           etag and content type (what head cannot read off the file)
 *   .tmp/<uuid>                writes in progress, renamed into place when complete
 *   .multipart/<uploadId>/     the parts of an upload (see local-multipart.ts)
 * Those three names are refused as a key's first segment (validateKey), so no key can reach them.
 */
export const DEFAULT_TYPE = 'application/octet-stream';

/**
 * Trusted only while the object file is still the one it was written for: same inode (a rename keeps it, every new
 * file has another one), size and mtime.
 */
export interface Meta {
  etag: string;
  size: number;
  contentType: string;
  ino: number;
  mtimeMs: number;
}

export const metaMatches = (meta: Meta | null, file: Stats): meta is Meta =>
  meta !== null && meta.ino === file.ino && meta.size === file.size && meta.mtimeMs === file.mtimeMs;

export class DiskLayout {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** A path under the root; validateKey already makes escaping impossible, this is the second lock. */
  inRoot(...segments: string[]): string {
    const file = path.join(this.root, ...segments);
    if (!file.startsWith(this.root + path.sep)) throw new InvalidKeyError(`"${segments.join('/')}" leaves the store`);
    return file;
  }

  objectFile = (key: string) => this.inRoot(...validateKey(key).split('/'));
  metaFile = (key: string) => this.inRoot('.meta', ...`${validateKey(key)}.json`.split('/'));

  /** A fresh name in `.tmp`, on the same file system as the objects so that rename is atomic. */
  async tmpFile(): Promise<string> {
    await mkdir(this.inRoot('.tmp'), { recursive: true });
    return this.inRoot('.tmp', randomUUID());
  }

  async readMeta(key: string): Promise<Meta | null> {
    return readFile(this.metaFile(key), 'utf8').then(
      (text) => JSON.parse(text) as Meta,
      () => null,
    );
  }

  /**
   * Moves a complete temporary file into place as `key`, then records its metadata. Content first: once it is in
   * place the object is stored, whatever becomes of the metadata (a disk that fills just then does not make a stored
   * object a failed write); head sees missing or stale metadata no longer matches the file and reads the content.
   */
  async commit(key: string, tmp: string, etag: string, size: number, contentType: string): Promise<StoredObject> {
    const file = this.objectFile(key);
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await rename(tmp, file);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
    await this.writeMeta(key, file, { etag, size, contentType }).catch(() => undefined);
    return { size, etag };
  }

  private async writeMeta(key: string, file: string, about: Pick<Meta, 'etag' | 'size' | 'contentType'>): Promise<void> {
    const { ino, mtimeMs } = await stat(file);
    const metaTmp = await this.tmpFile();
    try {
      await writeFile(metaTmp, JSON.stringify({ ...about, ino, mtimeMs } satisfies Meta));
      await mkdir(path.dirname(this.metaFile(key)), { recursive: true });
      await rename(metaTmp, this.metaFile(key));
    } finally {
      await rm(metaTmp, { force: true }); // gone already when renamed
    }
  }
}

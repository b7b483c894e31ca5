import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { concatFiles, isNotFound, onDisk, writeHashed, type FileRange } from './local-files';
import { DEFAULT_TYPE, type DiskLayout } from './local-layout';
import {
  InvalidPartError,
  MIN_PART_SIZE,
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

interface Upload {
  key: string;
  contentType: string;
  /** Set when every part but the last has this size: each part's bytes are then written in place (see PART_FILE). */
  partSize?: number;
}

/**
 * A part is the file `<partNumber>.<md5>` in its upload's directory: listing the directory lists the parts. In an
 * upload with a fixed part size, the part's bytes are written in place, at (partNumber − 1) × partSize of the
 * upload's one `data` file, and `<partNumber>.<md5>.<size>` is an empty mark saying that range is whole: the parts
 * then complete into the object by a rename, not by copying every byte once more.
 */
const PART_FILE = /^(\d+)\.([0-9a-f]{32})(?:\.(\d+))?$/;
const UPLOAD_ID = /^[0-9a-f]{32}$/;
const DATA = 'data';

/** The local store's multipart uploads, in `.multipart/<uploadId>/` next to an `upload.json` naming the key. */
export class LocalMultipart implements MultipartUploads {
  constructor(private readonly layout: DiskLayout) {}

  /** The upload's directory; an unknown id, or one begun for another key, is not found. */
  private async upload(key: string, uploadId: string): Promise<Upload & { dir: string }> {
    validateKey(key);
    if (!UPLOAD_ID.test(uploadId)) throw new ObjectNotFoundError(key, uploadId); // also keeps the id from naming a path
    const dir = this.layout.inRoot('.multipart', uploadId);
    const upload = await readFile(path.join(dir, 'upload.json'), 'utf8').then(
      (text) => JSON.parse(text) as Upload,
      (error: unknown) => (isNotFound(error) ? null : Promise.reject(error)), // a disk that fails is not an unknown upload
    );
    if (upload?.key !== key) throw new ObjectNotFoundError(key, uploadId);
    return { ...upload, dir };
  }

  async createMultipart(key: string, options: MultipartOptions = {}): Promise<string> {
    return onDisk(async () => {
      validateKey(key);
      const { partSize } = options;
      if (partSize !== undefined && !(Number.isSafeInteger(partSize) && partSize >= MIN_PART_SIZE))
        throw new InvalidPartError(`A part size must be at least ${MIN_PART_SIZE} bytes`);
      const uploadId = randomBytes(16).toString('hex');
      const dir = this.layout.inRoot('.multipart', uploadId);
      await mkdir(dir, { recursive: true });
      const upload: Upload = { key, contentType: options.contentType ?? DEFAULT_TYPE, partSize };
      try {
        if (partSize) await writeFile(path.join(dir, DATA), '');
        await writeFile(path.join(dir, 'upload.json'), JSON.stringify(upload));
      } catch (error) {
        // A full disk between the two writes leaves no upload half made that nothing would ever clear.
        await rm(dir, { recursive: true, force: true }).catch(() => undefined);
        throw error;
      }
      return uploadId;
    });
  }

  async uploadPart(key: string, uploadId: string, partNumber: number, body: Body, size?: number, expectedMd5?: string): Promise<StoredObject> {
    return onDisk(async () => {
      validatePartNumber(partNumber);
      const { dir, partSize } = await this.upload(key, uploadId);
      const gone = (error: unknown) => Promise.reject(isNotFound(error) ? new ObjectNotFoundError(key, uploadId) : error);
      const refused = () => new PartChecksumError(`part ${partNumber} of "${key}" is not the one its MD5 names`);
      const matches = (md5: string) => expectedMd5 === undefined || Buffer.from(md5, 'hex').toString('base64') === expectedMd5;
      let name: string;
      let stored: { size: number; md5: string };
      if (partSize) {
        if (size === undefined || size > partSize) throw new InvalidPartError(`Part ${partNumber} must state its size, at most ${partSize} bytes`);
        await dropParts(dir, partNumber); // its range is about to change
        stored = await writeHashed(body, path.join(dir, DATA), size, (partNumber - 1) * partSize).catch(gone);
        if (!matches(stored.md5)) throw refused();
        name = `${partNumber}.${stored.md5}.${stored.size}`;
        await writeFile(path.join(dir, name), '').catch(gone);
      } else {
        const tmp = path.join(dir, `${partNumber}.${randomUUID()}.tmp`); // inside the upload: an abort takes it along
        stored = await writeHashed(body, tmp, size).catch(gone);
        if (!matches(stored.md5)) {
          await rm(tmp, { force: true });
          throw refused();
        }
        name = `${partNumber}.${stored.md5}`;
        await rename(tmp, path.join(dir, name)).catch(gone);
      }
      await dropParts(dir, partNumber, name); // a part uploaded again replaces the earlier one
      return { size: stored.size, etag: stored.md5 };
    });
  }

  async listParts(key: string, uploadId: string): Promise<PartInfo[]> {
    return onDisk(async () => {
      const { dir } = await this.upload(key, uploadId);
      const parts: PartInfo[] = [];
      for (const name of await readdir(dir)) {
        const match = PART_FILE.exec(name);
        if (match) parts.push({ partNumber: Number(match[1]), etag: match[2]!, size: match[3] ? Number(match[3]) : (await stat(path.join(dir, name))).size });
      }
      return parts.sort((a, b) => a.partNumber - b.partNumber);
    });
  }

  /** Checks the list as S3 does (ascending, etags match, all but the last at least MIN_PART_SIZE), then joins the parts. */
  async completeMultipart(key: string, uploadId: string, parts: { partNumber: number; etag: string }[]): Promise<StoredObject> {
    return onDisk(async () => {
      const { dir, contentType, partSize } = await this.upload(key, uploadId);
      const held = new Map((await this.listParts(key, uploadId)).map((p) => [p.partNumber, p]));
      if (parts.length === 0) throw new InvalidPartError('A multipart upload needs at least one part');
      if (parts.some((p, i) => i > 0 && p.partNumber <= parts[i - 1]!.partNumber)) throw new InvalidPartError('Parts must be listed in ascending order');
      const chosen = parts.map((wanted, i) => {
        const part = held.get(wanted.partNumber);
        if (!part || part.etag !== bareEtag(wanted.etag).toLowerCase()) throw new InvalidPartError(`Part ${wanted.partNumber} is missing or has another etag`);
        if (i < parts.length - 1 && part.size < MIN_PART_SIZE) throw new InvalidPartError(`Part ${wanted.partNumber} is smaller than ${MIN_PART_SIZE} bytes`);
        return part;
      });
      const size = chosen.reduce((sum, p) => sum + p.size, 0);
      const data = path.join(dir, DATA);
      // Parts 1..N written in place, all but the last full: the data file, cut to size, is the object already.
      const inPlace = partSize && chosen.every((p, i) => p.partNumber === i + 1 && (i === chosen.length - 1 || p.size === partSize));
      let joined: string;
      if (inPlace) {
        await truncate(data, size);
        joined = data;
      } else {
        const range = (p: PartInfo): FileRange =>
          partSize
            ? { file: data, start: (p.partNumber - 1) * partSize, end: (p.partNumber - 1) * partSize + p.size - 1 }
            : { file: path.join(dir, `${p.partNumber}.${p.etag}`) };
        joined = await this.layout.tmpFile();
        await concatFiles(chosen.filter((p) => p.size > 0).map(range), joined);
      }
      // S3's etag of a multipart object: the MD5 of the parts' binary MD5s, "-", their count.
      const digest = createHash('md5').update(Buffer.concat(chosen.map((p) => Buffer.from(p.etag, 'hex'))));
      const result = await this.layout.commit(key, joined, `${digest.digest('hex')}-${chosen.length}`, size, contentType);
      // The object is stored: what is left of the upload is no longer needed, and failing to clear it fails nothing.
      await rm(dir, { recursive: true, force: true }).catch(() => undefined);
      return result;
    });
  }

  async abortMultipart(key: string, uploadId: string): Promise<void> {
    return onDisk(async () => {
      const upload = await this.upload(key, uploadId).catch((error: unknown) => (error instanceof ObjectNotFoundError ? null : Promise.reject(error)));
      if (upload) await rm(upload.dir, { recursive: true, force: true });
    });
  }
}

/** Removes the files of part `partNumber` in `dir`, except `keep`. */
async function dropParts(dir: string, partNumber: number, keep?: string): Promise<void> {
  for (const other of await readdir(dir)) {
    if (other !== keep && PART_FILE.exec(other)?.[1] === String(partNumber)) await rm(path.join(dir, other), { force: true });
  }
}

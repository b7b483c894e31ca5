import { NoSuchUpload, type S3Client } from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3rver } from './helpers/s3rver';
import { LocalDiskStore } from '../../server/storage/local-disk-store';
import {
  InvalidKeyError,
  InvalidPartError,
  MIN_PART_SIZE,
  ObjectNotFoundError,
  PartChecksumError,
  RangeNotSatisfiableError,
  type ObjectStore,
} from '../../server/storage/object-store';
import { S3Store } from '../../server/storage/s3-store';
import { verifySignedUrl } from '../../server/storage/signed-url';
import { openObjectStore, readStorageConfig } from '../../server/storage/storage-config';

/**
 * The object stores: one suite, run against the local disk and against s3rver 3.7.1, a fake S3
 * started here on a loopback port. Where s3rver falls short of S3 the case says so and runs on the local store only:
 * it answers ListParts and AbortMultipartUpload with 405 MethodNotAllowed, accepts any V4 signature (it checks only
 * the expiry), reads `bytes=0-0` as the whole object, and checks neither part etags nor part sizes on complete (an
 * unknown upload id is accepted by UploadPart, a 500 from complete, and completing with a part never uploaded crashes
 * it with an unhandled ENOENT). The S3 store's side of ListParts and NoSuchUpload is checked with a scripted client.
 */

const BUCKET = 'edp-test';
const SECRET = 'test-signing-secret';
const MiB = 1024 * 1024;

/** `chunks` deterministic 1 MiB chunks, each different; `digest()` is the SHA-256 of what was produced. */
function generated(chunks: number) {
  const hash = createHash('sha256');
  let produced = 0;
  const stream = Readable.from(
    (function* () {
      for (let i = 0; i < chunks; i++) {
        const chunk = Buffer.alloc(MiB, createHash('sha512').update(`chunk ${i}`).digest()); // a 64-byte pattern of its own
        chunk.writeUInt32BE(i, 0);
        hash.update(chunk);
        produced += chunk.length;
        yield chunk;
      }
    })(),
  );
  return { stream, digest: () => hash.digest('hex'), produced: () => produced };
}

async function sha256Of(body: Readable): Promise<{ hex: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of body) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { hex: hash.digest('hex'), size };
}

const text = async (body: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

/** The peak growth of RSS and of ArrayBuffer memory (where Buffers live) over a baseline, sampled while `run` goes. */
async function peakMemory(run: () => Promise<void>): Promise<{ rss: number; arrayBuffers: number }> {
  const base = process.memoryUsage();
  const peak = { rss: 0, arrayBuffers: 0 };
  const sample = () => {
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss - base.rss);
    peak.arrayBuffers = Math.max(peak.arrayBuffers, now.arrayBuffers - base.arrayBuffers);
  };
  const timer = setInterval(sample, 20);
  try {
    await run();
  } finally {
    clearInterval(timer);
    sample();
  }
  return peak;
}

interface Subject {
  name: 'local disk' | 's3rver';
  store: ObjectStore;
  root?: string;
}

const subjects: { name: Subject['name']; open: () => Promise<{ subject: Subject; close: () => Promise<void> }> }[] = [
  {
    name: 'local disk',
    open: async () => {
      const root = mkdtempSync(path.join(tmpdir(), 'edp-objects-'));
      const store = new LocalDiskStore({ root: path.join(root, 'objects'), signingSecret: SECRET });
      return { subject: { name: 'local disk', store, root }, close: async () => rmSync(root, { recursive: true, force: true }) };
    },
  },
  {
    name: 's3rver',
    open: async () => {
      const { store, close } = await startS3rver(BUCKET);
      return { subject: { name: 's3rver', store }, close };
    },
  },
];

describe.each(subjects)('object store on $name', ({ name, open }) => {
  let store: ObjectStore;
  let root: string | undefined;
  let close = async () => {};
  // Cases s3rver cannot serve (no ListParts or abort, no signature checks, bytes=0-0) run on the local store only: defined there, not skipped here.
  const onS3rver = name === 's3rver';

  beforeAll(async () => {
    const opened = await open();
    ({ store, root } = opened.subject);
    close = opened.close;
  });
  afterAll(() => close());

  it('stores and returns an object, with its size and etag', async () => {
    const put = await store.put('docs/readme.txt', Buffer.from('hello, objects'), { contentType: 'text/plain' });
    expect(put).toEqual({ size: 14, etag: createHash('md5').update('hello, objects').digest('hex') });
    const got = await store.get('docs/readme.txt');
    expect(got.size).toBe(14);
    expect(got.contentLength).toBe(14);
    expect(got.range).toBeUndefined();
    expect(await text(got.body)).toBe('hello, objects');
    await store.put('docs/readme.txt', Readable.from([Buffer.from('replaced '), Buffer.from('by a stream')]));
    expect(await text((await store.get('docs/readme.txt')).body)).toBe('replaced by a stream');
    await store.put('empty', Buffer.alloc(0));
    expect(await text((await store.get('empty')).body)).toBe('');
  });

  it('streams a known-length body, and refuses one that is shorter than announced', async () => {
    const put = await store.put('sized', Readable.from([Buffer.from('12345'), Buffer.from('67890')]), { size: 10 });
    expect(put.size).toBe(10);
    expect(await text((await store.get('sized')).body)).toBe('1234567890');
    await expect(store.put('short', Readable.from([Buffer.from('12345')]), { size: 10 })).rejects.toThrow(/5 of the 10 bytes|Expected 10 bytes/);
    expect(await store.head('short')).toBeNull();
  });

  it('leaves nothing behind when the source stream fails, early or after several parts', async () => {
    const failing = (mebibytes: number) =>
      Readable.from(
        (async function* () {
          for (let i = 0; i < mebibytes; i++) yield Buffer.alloc(MiB, i);
          throw new Error('the client went away');
        })(),
      );
    for (const mebibytes of [1, 20]) {
      await expect(store.put('broken', failing(mebibytes))).rejects.toThrow('the client went away');
      expect(await store.head('broken')).toBeNull();
    }
    if (root) expect(readdirSync(path.join(root, 'objects', '.tmp'))).toEqual([]);
  });

  it('streams 300 MB in and out without holding it in memory', async () => {
    const source = generated(300);
    const memory = await peakMemory(async () => {
      const put = await store.put('big/stream.bin', source.stream); // length unknown: S3 takes it in parts
      expect(put.size).toBe(300 * MiB);
      const got = await store.get('big/stream.bin');
      expect(got.size).toBe(300 * MiB);
      expect(await sha256Of(got.body)).toEqual({ hex: source.digest(), size: 300 * MiB });
    });
    expect(source.produced()).toBe(300 * MiB);
    console.info(
      `${name}: 300 MB round trip, peak growth rss ${(memory.rss / MiB).toFixed(0)} MiB, arrayBuffers ${(memory.arrayBuffers / MiB).toFixed(0)} MiB`,
    );
    // Held whole, the object alone would add 300 MiB; s3rver runs in this process, so its buffers count too.
    expect(memory.arrayBuffers).toBeLessThan(150 * MiB);
    expect(memory.rss).toBeLessThan(200 * MiB);
    await store.delete('big/stream.bin');
  }, 120_000);

  describe('byte ranges', () => {
    const content = 'abcdefghijklmnopqrstuvwxyz';
    beforeAll(() => store.put('ranges/letters', Buffer.from(content)));

    it('from a start to the end', async () => {
      const got = await store.get('ranges/letters', { start: 20 });
      expect({ size: got.size, contentLength: got.contentLength, range: got.range }).toEqual({ size: 26, contentLength: 6, range: { start: 20, end: 25 } });
      expect(await text(got.body)).toBe('uvwxyz');
    });

    it('between a start and an inclusive end, an end past the object cut to its last byte', async () => {
      const got = await store.get('ranges/letters', { start: 2, end: 4 });
      expect({ contentLength: got.contentLength, range: got.range }).toEqual({ contentLength: 3, range: { start: 2, end: 4 } });
      expect(await text(got.body)).toBe('cde');
      const past = await store.get('ranges/letters', { start: 23, end: 1000 });
      expect(past.range).toEqual({ start: 23, end: 25 });
      expect(await text(past.body)).toBe('xyz');
    });

    it('the last byte', async () => {
      const got = await store.get('ranges/letters', { start: 25, end: 25 });
      expect(got.contentLength).toBe(1);
      expect(await text(got.body)).toBe('z');
    });

    // s3rver reads `bytes=0-0` as "from 0 to the end" (it tests the end with `||`) and returns all 26 bytes.
    if (!onS3rver)
      it('the first byte alone', async () => {
        const got = await store.get('ranges/letters', { start: 0, end: 0 });
        expect(got.range).toEqual({ start: 0, end: 0 });
        expect(await text(got.body)).toBe('a');
      });

    it('refuses a range outside the object, or a malformed one', async () => {
      await expect(store.get('ranges/letters', { start: 26 })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
      await expect(store.get('ranges/letters', { start: 5, end: 4 })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
      await expect(store.get('ranges/letters', { start: -1 })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
      await expect(store.get('ranges/missing', { start: 0 })).rejects.toBeInstanceOf(ObjectNotFoundError);
    });
  });

  it('heads a present object and answers null for a missing one; get of a missing one fails typed', async () => {
    const before = Date.now();
    await store.put('head/me.json', Buffer.from('{"a":1}'), { contentType: 'application/json' });
    const info = await store.head('head/me.json');
    expect(info).toMatchObject({ size: 7, etag: createHash('md5').update('{"a":1}').digest('hex'), contentType: 'application/json' });
    expect(Math.abs(info!.modified.getTime() - before)).toBeLessThan(5_000);
    expect(await store.head('head/missing.json')).toBeNull();
    expect(await store.head('head')).toBeNull(); // a "directory" of keys is no object
    await expect(store.get('head/missing.json')).rejects.toBeInstanceOf(ObjectNotFoundError);
  });

  it('deletes, and deleting again (or something never stored) is fine', async () => {
    await store.put('gone/soon', Buffer.from('x'));
    await store.delete('gone/soon');
    expect(await store.head('gone/soon')).toBeNull();
    await expect(store.get('gone/soon')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(store.delete('gone/soon')).resolves.toBeUndefined();
    await expect(store.delete('never/was')).resolves.toBeUndefined();
  });

  if (!onS3rver)
    it('recomputes etag and size when the metadata is gone or stale (a crash between the two renames)', async () => {
      await store.put('meta/lost', Buffer.from('first'), { contentType: 'text/plain' });
      rmSync(path.join(root!, 'objects', '.meta', 'meta', 'lost.json'));
      expect(await store.head('meta/lost')).toMatchObject({
        size: 5,
        etag: createHash('md5').update('first').digest('hex'),
        contentType: 'application/octet-stream',
      });
      await store.put('meta/stale', Buffer.from('old'));
      const stale = readFileSync(path.join(root!, 'objects', '.meta', 'meta', 'stale.json'));
      await store.put('meta/stale', Buffer.from('new')); // the same size, and likely the same mtime tick
      writeFileSync(path.join(root!, 'objects', '.meta', 'meta', 'stale.json'), stale);
      expect(await store.head('meta/stale')).toMatchObject({ size: 3, etag: createHash('md5').update('new').digest('hex') });
    });

  if (!onS3rver)
    it("reckons an object's MD5 itself, and a missing object's is ObjectNotFoundError", async () => {
      await store.put('hashed/one', Buffer.from('some bytes'));
      expect(await store.md5!('hashed/one')).toBe(createHash('md5').update('some bytes').digest('hex'));
      await expect(store.md5!('hashed/none')).rejects.toBeInstanceOf(ObjectNotFoundError);
    });

  if (!onS3rver)
    it('reads a range straight into a buffer, and refuses one that runs past the end or a missing object', async () => {
      await store.put('read/into', Buffer.from('0123456789'));
      const target = new Uint8Array(4);
      await store.readInto!('read/into', 3, target);
      expect(Buffer.from(target).toString()).toBe('3456');
      await expect(store.readInto!('read/into', 8, new Uint8Array(4))).rejects.toThrow(/ends 2 bytes after 8, before the 4/);
      await expect(store.readInto!('read/none', 0, target)).rejects.toBeInstanceOf(ObjectNotFoundError);
    });

  describe('multipart uploads', () => {
    const part = (n: number, size: number) => Buffer.alloc(size, 0x40 + n);
    const sizes = [MIN_PART_SIZE, MIN_PART_SIZE + 7, 1000];

    it('takes parts in any order and completes them in part order', async () => {
      const uploadId = await store.createMultipart('multi/object.bin', { contentType: 'application/x-test' });
      const etags = new Map<number, string>();
      for (const n of [3, 1, 2]) {
        const body = n === 2 ? Readable.from([part(n, sizes[1]!)]) : part(n, sizes[n - 1]!);
        const done = await store.uploadPart('multi/object.bin', uploadId, n, body, sizes[n - 1]);
        expect(done).toEqual({
          size: sizes[n - 1],
          etag: createHash('md5')
            .update(part(n, sizes[n - 1]!))
            .digest('hex'),
        });
        etags.set(n, done.etag);
      }
      if (!onS3rver) {
        // s3rver answers ListParts with 405 MethodNotAllowed; see the scripted-client case below.
        expect(await store.listParts('multi/object.bin', uploadId)).toEqual([1, 2, 3].map((n) => ({ partNumber: n, size: sizes[n - 1], etag: etags.get(n) })));
      }
      const parts = [1, 2, 3].map((n) => ({ partNumber: n, etag: `"${etags.get(n)}"` }));
      const done = await store.completeMultipart('multi/object.bin', uploadId, parts);
      expect(done.size).toBe(sizes[0]! + sizes[1]! + sizes[2]!);
      const expected = Buffer.concat([part(1, sizes[0]!), part(2, sizes[1]!), part(3, sizes[2]!)]);
      expect(await sha256Of((await store.get('multi/object.bin')).body)).toEqual({
        hex: createHash('sha256').update(expected).digest('hex'),
        size: expected.length,
      });
      const info = await store.head('multi/object.bin');
      expect(info?.contentType).toBe('application/x-test');
      if (!onS3rver) {
        // S3's multipart etag; s3rver gives the MD5 of the whole object instead.
        const md5s = Buffer.concat([1, 2, 3].map((n) => Buffer.from(etags.get(n)!, 'hex')));
        expect(done.etag).toBe(`${createHash('md5').update(md5s).digest('hex')}-3`);
        expect(info?.etag).toBe(done.etag);
        await expect(store.listParts('multi/object.bin', uploadId)).rejects.toBeInstanceOf(ObjectNotFoundError); // the upload is over
      }
    });

    it('takes a fixed part size: parts in any order complete into the object, a gap is joined, locally an oversized part refused', async () => {
      const partSize = MIN_PART_SIZE;
      const uploadId = await store.createMultipart('multi/fixed.bin', { partSize });
      const last = 1000;
      const etags = new Map<number, string>();
      for (const n of [3, 1, 2])
        etags.set(n, (await store.uploadPart('multi/fixed.bin', uploadId, n, part(n, n === 3 ? last : partSize), n === 3 ? last : partSize)).etag);
      if (!onS3rver) {
        // It would run into the next part's place (S3 takes the size as a hint only: the lake checks each part's size itself).
        await expect(store.uploadPart('multi/fixed.bin', uploadId, 4, part(4, partSize + 1), partSize + 1)).rejects.toBeInstanceOf(InvalidPartError);
        expect(await store.listParts('multi/fixed.bin', uploadId)).toEqual(
          [1, 2, 3].map((n) => ({ partNumber: n, size: n === 3 ? last : partSize, etag: etags.get(n) })),
        );
        // The object is the upload's data file itself, moved into place: nothing was copied.
        const data = path.join(root!, 'objects', '.multipart', uploadId, 'data');
        const written = statSync(data).ino;
        await store.completeMultipart(
          'multi/fixed.bin',
          uploadId,
          [1, 2, 3].map((n) => ({ partNumber: n, etag: etags.get(n)! })),
        );
        expect(statSync(path.join(root!, 'objects', 'multi', 'fixed.bin')).ino).toBe(written);
      } else
        await store.completeMultipart(
          'multi/fixed.bin',
          uploadId,
          [1, 2, 3].map((n) => ({ partNumber: n, etag: etags.get(n)! })),
        );
      const whole = Buffer.concat([part(1, partSize), part(2, partSize), part(3, last)]);
      expect(await sha256Of((await store.get('multi/fixed.bin')).body)).toEqual({ hex: createHash('sha256').update(whole).digest('hex'), size: whole.length });

      const gapped = await store.createMultipart('multi/gapped.bin', { partSize });
      const one = await store.uploadPart('multi/gapped.bin', gapped, 1, part(1, partSize), partSize);
      const three = await store.uploadPart('multi/gapped.bin', gapped, 3, part(3, last), last);
      await store.completeMultipart('multi/gapped.bin', gapped, [
        { partNumber: 1, etag: one.etag },
        { partNumber: 3, etag: three.etag },
      ]);
      const joined = Buffer.concat([part(1, partSize), part(3, last)]);
      expect(await sha256Of((await store.get('multi/gapped.bin')).body)).toEqual({
        hex: createHash('sha256').update(joined).digest('hex'),
        size: joined.length,
      });
    });

    if (!onS3rver)
      it('forgets a part written in place once it is sent again and arrives damaged: its range changed', async () => {
        const uploadId = await store.createMultipart('multi/redo.bin', { partSize: MIN_PART_SIZE });
        const body = part(1, 1000);
        await store.uploadPart('multi/redo.bin', uploadId, 1, body, 1000);
        const wrong = createHash('md5').update(part(2, 1000)).digest('base64');
        await expect(store.uploadPart('multi/redo.bin', uploadId, 1, part(5, 1000), 1000, wrong)).rejects.toBeInstanceOf(PartChecksumError);
        expect(await store.listParts('multi/redo.bin', uploadId)).toEqual([]);
        await expect(store.uploadPart('multi/redo.bin', uploadId, 1, part(1, 999), 1000)).rejects.toThrow(/1000/);
        expect(await store.listParts('multi/redo.bin', uploadId)).toEqual([]);
      });

    it('checks a part against the MD5 it is sent with (Content-MD5), keeping only a part that matches', async () => {
      const uploadId = await store.createMultipart('multi/checked.bin');
      const body = part(1, 1000);
      const right = createHash('md5').update(body).digest('base64');
      const wrong = createHash('md5').update(part(2, 1000)).digest('base64');
      await expect(store.uploadPart('multi/checked.bin', uploadId, 1, body, 1000, wrong)).rejects.toBeInstanceOf(PartChecksumError);
      const done = await store.uploadPart('multi/checked.bin', uploadId, 1, Readable.from([body]), 1000, right);
      expect(done.etag).toBe(createHash('md5').update(body).digest('hex'));
      await store.completeMultipart('multi/checked.bin', uploadId, [{ partNumber: 1, etag: done.etag }]);
      expect((await store.head('multi/checked.bin'))?.size).toBe(1000);
    });

    if (!onS3rver)
      it('lists the parts already held, a part sent again replacing the earlier one', async () => {
        const uploadId = await store.createMultipart('multi/resume');
        expect(await store.listParts('multi/resume', uploadId)).toEqual([]);
        await store.uploadPart('multi/resume', uploadId, 2, Buffer.from('first try'));
        const again = await store.uploadPart('multi/resume', uploadId, 2, Buffer.from('second'));
        await store.uploadPart('multi/resume', uploadId, 7, Buffer.from('seven'));
        expect(await store.listParts('multi/resume', uploadId)).toEqual([
          { partNumber: 2, size: 6, etag: again.etag },
          { partNumber: 7, size: 5, etag: createHash('md5').update('seven').digest('hex') },
        ]);
      });

    if (!onS3rver)
      it('abort frees the parts: the upload is gone and nothing was stored', async () => {
        const uploadId = await store.createMultipart('multi/aborted');
        await store.uploadPart('multi/aborted', uploadId, 1, part(1, 1000));
        await store.abortMultipart('multi/aborted', uploadId);
        await expect(store.listParts('multi/aborted', uploadId)).rejects.toBeInstanceOf(ObjectNotFoundError);
        await expect(store.uploadPart('multi/aborted', uploadId, 2, part(2, 10))).rejects.toBeInstanceOf(ObjectNotFoundError);
        await expect(store.completeMultipart('multi/aborted', uploadId, [{ partNumber: 1, etag: 'x' }])).rejects.toBeInstanceOf(ObjectNotFoundError);
        await expect(store.get('multi/aborted')).rejects.toBeInstanceOf(ObjectNotFoundError);
        await expect(store.abortMultipart('multi/aborted', uploadId)).resolves.toBeUndefined(); // idempotent
        if (root) expect(readdirSync(path.join(root, 'objects', '.multipart'))).not.toContain(uploadId);
      });

    if (!onS3rver)
      it('refuses an unknown upload, another key, parts out of order, wrong etags and small parts', async () => {
        await expect(store.uploadPart('multi/x', 'f'.repeat(32), 1, Buffer.from('x'))).rejects.toBeInstanceOf(ObjectNotFoundError);
        await expect(store.uploadPart('multi/x', '../../escape', 1, Buffer.from('x'))).rejects.toBeInstanceOf(ObjectNotFoundError);
        const uploadId = await store.createMultipart('multi/strict');
        await expect(store.listParts('multi/other', uploadId)).rejects.toBeInstanceOf(ObjectNotFoundError);
        await expect(store.uploadPart('multi/strict', uploadId, 0, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidPartError);
        const one = await store.uploadPart('multi/strict', uploadId, 1, part(1, 100));
        const two = await store.uploadPart('multi/strict', uploadId, 2, part(2, 100));
        const complete = (parts: { partNumber: number; etag: string }[]) => store.completeMultipart('multi/strict', uploadId, parts);
        await expect(complete([])).rejects.toBeInstanceOf(InvalidPartError);
        await expect(
          complete([
            { partNumber: 2, etag: two.etag },
            { partNumber: 1, etag: one.etag },
          ]),
        ).rejects.toThrow(/ascending/);
        await expect(complete([{ partNumber: 1, etag: two.etag }])).rejects.toThrow(/another etag/);
        await expect(
          complete([
            { partNumber: 1, etag: one.etag },
            { partNumber: 2, etag: two.etag },
          ]),
        ).rejects.toThrow(/smaller than/);
        expect(await complete([{ partNumber: 2, etag: two.etag }])).toMatchObject({ size: 100 }); // one (last) part may be small
        expect(await text((await store.get('multi/strict')).body)).toBe(part(2, 100).toString());
      });
  });

  describe('signed URLs', () => {
    beforeAll(() => store.put('share/report.txt', Buffer.from('signed content')));

    it('refuses expiries S3 would refuse (under a second, over a week, fractional)', async () => {
      for (const expiresInSeconds of [0, -5, 604_801, 1.5]) {
        await expect(store.signedUrl('share/report.txt', { expiresInSeconds })).rejects.toThrow(/expiresInSeconds/);
      }
      await expect(store.signedUrl('share/report.txt', { expiresInSeconds: 604_800 })).resolves.toMatch(/report\.txt/);
    });

    if (onS3rver)
      it('a GET URL serves the object over HTTP, under the download name', async () => {
        const url = await store.signedUrl('share/report.txt', { expiresInSeconds: 60, fileName: 'Bericht März.txt' });
        const response = await fetch(url);
        expect(response.status).toBe(200);
        expect(await response.text()).toBe('signed content');
        expect(response.headers.get('content-disposition')).toBe(`attachment; filename="Bericht M_rz.txt"; filename*=UTF-8''Bericht%20M%C3%A4rz.txt`);
      });

    if (onS3rver)
      it('a PUT URL takes an upload', async () => {
        const url = await store.signedUrl('share/uploaded.txt', { expiresInSeconds: 60, method: 'PUT' });
        expect((await fetch(url, { method: 'PUT', body: 'sent by a browser' })).status).toBe(200);
        expect(await text((await store.get('share/uploaded.txt')).body)).toBe('sent by a browser');
      });

    // s3rver checks X-Amz-Date + X-Amz-Expires (it does not verify V4 signatures at all, so tampering is not tested here).
    if (onS3rver)
      it('an expired URL is refused', async () => {
        const url = await store.signedUrl('share/report.txt', { expiresInSeconds: 1 });
        expect((await fetch(url)).status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 2_100));
        const response = await fetch(url);
        expect(response.status).toBe(403);
        expect(await response.text()).toMatch(/Request has expired/);
      }, 10_000);

    if (!onS3rver)
      it('the route can verify a fresh URL, and refuses it expired, tampered with or for another method', async () => {
        const url = await store.signedUrl('share/report file.txt', { expiresInSeconds: 60, fileName: 'Bericht März.txt' });
        expect(url).toMatch(/^\/api\/v1\/objects\/share\/report%20file\.txt\?expires=\d+&fileName=.+&signature=[\w-]+$/);
        const at = (offsetSeconds: number) => () => new Date(Date.now() + offsetSeconds * 1000);
        const verify = (u: string, method = 'GET', clock = at(0)) => verifySignedUrl(u, { secret: SECRET, method, clock });
        expect(verify(url)).toEqual({ ok: true, key: 'share/report file.txt', method: 'GET', fileName: 'Bericht März.txt' });
        expect(verify(`https://edp.example${url}`, 'HEAD').ok).toBe(true);
        expect(verify(url, 'GET', at(62))).toEqual({ ok: false, reason: 'expired' });
        expect(verify(url, 'PUT')).toEqual({ ok: false, reason: 'wrong-method' });
        expect(verify(url.replace('report%20file', 'other'))).toEqual({ ok: false, reason: 'bad-signature' });
        const expires = Number(new URL(url, 'http://x').searchParams.get('expires'));
        expect(verify(url.replace(`expires=${expires}`, `expires=${expires + 3600}`))).toEqual({ ok: false, reason: 'bad-signature' });
        expect(verify(url.replace(/fileName=[^&]+/, 'fileName=evil.html'))).toEqual({ ok: false, reason: 'bad-signature' });
        expect(verify(url.replace(/signature=([\w-])/, (_, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`))).toEqual({
          ok: false,
          reason: 'bad-signature',
        });
        expect(verifySignedUrl(url, { secret: 'another secret', method: 'GET' })).toEqual({ ok: false, reason: 'bad-signature' });
        expect(verify(url.replace('/share/', '/../'))).toEqual({ ok: false, reason: 'malformed' });
        const put = await store.signedUrl('share/upload.bin', { expiresInSeconds: 5, method: 'PUT' });
        expect(verify(put, 'PUT')).toMatchObject({ ok: true, method: 'PUT' });
        expect(verify(put, 'GET')).toEqual({ ok: false, reason: 'wrong-method' });
      });
  });

  it('refuses keys that could leave the root or alias another key', async () => {
    for (const key of ['../x', '/abs', 'a//b', 'a/../b', 'a/./b', 'trailing/', '', 'nul\0byte', 'back\\slash', '.tmp/x', '.multipart/y']) {
      await expect(store.put(key, Buffer.from('x')), key).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(store.get(key), key).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(store.head(key), key).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(store.delete(key), key).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(store.createMultipart(key), key).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(store.signedUrl(key, { expiresInSeconds: 60 }), key).rejects.toBeInstanceOf(InvalidKeyError);
    }
    if (root) expect(existsSync(path.join(root, 'x'))).toBe(false);
  });
});

describe('the S3 store against a scripted client (the calls s3rver does not implement)', () => {
  const scripted = (answer: (input: Record<string, unknown>) => unknown) => {
    const inputs: Record<string, unknown>[] = [];
    const client = {
      send: async (command: { input: Record<string, unknown> }) => {
        inputs.push(command.input);
        return answer(command.input);
      },
    } as unknown as S3Client;
    return { store: new S3Store({ client, bucket: 'b' }), inputs };
  };

  it('listParts follows the pages and unquotes etags', async () => {
    const { store, inputs } = scripted((input) =>
      input.PartNumberMarker === undefined
        ? { Parts: [{ PartNumber: 1, Size: 5, ETag: '"aa"' }], IsTruncated: true, NextPartNumberMarker: '1' }
        : { Parts: [{ PartNumber: 4, Size: 3, ETag: '"bb"' }], IsTruncated: false },
    );
    expect(await store.listParts('k', 'up')).toEqual([
      { partNumber: 1, size: 5, etag: 'aa' },
      { partNumber: 4, size: 3, etag: 'bb' },
    ]);
    expect(inputs.map((i) => i.PartNumberMarker)).toEqual([undefined, '1']);
    expect(inputs[0]).toMatchObject({ Bucket: 'b', Key: 'k', UploadId: 'up' });
  });

  it('an unknown upload is ObjectNotFoundError; abort of one is no error', async () => {
    const { store } = scripted(() => {
      throw new NoSuchUpload({ message: 'The specified upload does not exist', $metadata: { httpStatusCode: 404 } });
    });
    await expect(store.listParts('k', 'up')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(store.uploadPart('k', 'up', 1, Buffer.from('x'))).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(store.completeMultipart('k', 'up', [{ partNumber: 1, etag: 'e' }])).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(store.abortMultipart('k', 'up')).resolves.toBeUndefined();
  });
});

describe('storage configuration', () => {
  const s3 = { STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };

  it('is local by default, on S3 when asked, and names a missing variable', () => {
    expect(readStorageConfig({})).toEqual({ kind: 'local' });
    expect(readStorageConfig({ ...s3, S3_ENDPOINT: 'http://minio:9000' })).toEqual({
      kind: 's3',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      bucket: 'b',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      idleTimeoutMs: 60_000,
    });
    expect(readStorageConfig({ ...s3, S3_IDLE_TIMEOUT_MS: '5000' })).toMatchObject({ idleTimeoutMs: 5000 });
    expect(() => readStorageConfig({ ...s3, S3_IDLE_TIMEOUT_MS: 'soon' })).toThrow(/S3_IDLE_TIMEOUT_MS must be a positive integer/);
    expect(readStorageConfig({ ...s3, S3_REGION: 'eu-central-1', S3_FORCE_PATH_STYLE: '0' })).toMatchObject({ region: 'eu-central-1', forcePathStyle: false });
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      expect(() => readStorageConfig({ ...s3, [name]: '' })).toThrow(`${name} is required when STORAGE=s3`);
    }
    expect(() => readStorageConfig({ STORAGE: 'ftp' })).toThrow(/STORAGE must be "local" or "s3"/);
    expect(() => readStorageConfig({ ...s3, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE must be 1 or 0/);
    expect(() => readStorageConfig({ ...s3, S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT must be a URL/);
  });

  it('opens the store it names', () => {
    expect(openObjectStore({}, '/srv/data', SECRET)).toBeInstanceOf(LocalDiskStore);
    expect(openObjectStore(s3, '/srv/data', SECRET)).toBeInstanceOf(S3Store);
    expect(() => openObjectStore({}, '/srv/data', '')).toThrow(/secret/);
  });
});

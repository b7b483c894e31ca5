import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { toReadable, type Body } from './object-store';
import { OffThreadWrite } from './off-thread-writer';
import { asStoreFailure } from './storage-failure';

/** File plumbing for the local store: every byte passes through a stream, hashed on the way, never gathered whole. */

/** Errors meaning "no such file": missing, or a path through something that is not a directory. */
export const isNotFound = (error: unknown) => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/**
 * A call of the local store, its file system's failures said as the store's (full, or the disk or its mount away):
 * those name the system call that failed. A body's own errors (its sender gone) name none and pass as they are.
 */
export const onDisk = <T>(call: () => Promise<T>): Promise<T> =>
  call().catch((error: unknown) => {
    throw typeof (error as NodeJS.ErrnoException | undefined)?.syscall === 'string' ? asStoreFailure(error) : error;
  });

/** Written (and hashed) at a time: a request body arrives in pieces of a few KiB, and each write costs a system call. */
const GATHER_BYTES = 1024 * 1024;

/** The source's bytes in new buffers of about GATHER_BYTES (the last may be shorter), never the source's own. */
async function* gathered(source: AsyncIterable<Buffer | string>): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingSize = 0;
  for await (const chunk of source) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    pending.push(bytes);
    pendingSize += bytes.length;
    if (pendingSize >= GATHER_BYTES) {
      yield Buffer.concat(pending, pendingSize);
      pending = [];
      pendingSize = 0;
    }
  }
  if (pendingSize) yield Buffer.concat(pending, pendingSize);
}

/**
 * Streams `body` into a new file at `file`, returning its size and MD5. On any failure (the source errors, the
 * disk fills, the size is not the promised one) the partial file is removed, so the caller sees all or nothing.
 * With `at`, the bytes go into the existing `file` from that offset instead, and nothing is removed on failure:
 * the caller's own record says which ranges hold whole parts. A body longer than `expectedSize` stops at once,
 * before a byte past it is written. The hashing and writing happen off the event loop (OffThreadWrite).
 */
export async function writeHashed(body: Body, file: string, expectedSize?: number, at?: number): Promise<{ size: number; md5: string }> {
  const source = toReadable(body);
  let target: OffThreadWrite | undefined;
  let size = 0;
  try {
    target = await OffThreadWrite.open(file, at === undefined ? 'wx' : 'r+', at);
    for await (const bytes of gathered(source)) {
      size += bytes.length;
      if (expectedSize !== undefined && size > expectedSize) throw new Error(`Expected ${expectedSize} bytes, received more`);
      await target.write(bytes);
    }
    if (expectedSize !== undefined && size !== expectedSize) throw new Error(`Expected ${expectedSize} bytes, received ${size}`);
    return { size, md5: await target.close() };
  } catch (error) {
    source.destroy();
    await target?.abandon();
    if (target && at === undefined) await rm(file, { force: true });
    throw error;
  }
}

/** A byte range of a file, both ends included (createReadStream's convention); the whole file without them. */
export interface FileRange {
  file: string;
  start?: number;
  end?: number;
}

/** Concatenates `ranges` into a new file at `file` (removed again on failure). */
export async function concatFiles(ranges: FileRange[], file: string): Promise<void> {
  try {
    await pipeline(
      async function* () {
        for (const { file: part, start, end } of ranges) yield* createReadStream(part, { start, end });
      },
      createWriteStream(file, { flags: 'wx' }),
    );
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
}

import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { toReadable, type Body } from './object-store';
import { OffThreadWrite, PIECE_BYTES, pieces } from './off-thread-writer';
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

/**
 * The source's bytes gathered into pieces of PIECE_BYTES (the last may hold fewer), each with how many it holds:
 * reused buffers (`pieces`), never the source's own.
 */
async function* gathered(source: AsyncIterable<Buffer | string>): AsyncGenerator<{ piece: Buffer; length: number }> {
  let piece = pieces.take();
  let length = 0;
  for await (const chunk of source) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    for (let from = 0; from < bytes.length;) {
      const copied = bytes.copy(piece, length, from);
      from += copied;
      length += copied;
      if (length === PIECE_BYTES) {
        yield { piece, length };
        piece = pieces.take();
        length = 0;
      }
    }
  }
  if (length) yield { piece, length };
  else pieces.give(piece);
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
    for await (const { piece, length } of gathered(source)) {
      size += length;
      if (expectedSize !== undefined && size > expectedSize) throw new Error(`Expected ${expectedSize} bytes, received more`);
      await target.write(piece, length);
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

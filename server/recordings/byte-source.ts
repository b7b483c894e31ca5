import { open } from 'node:fs/promises';
import { RecordingParseError, SourceFailure, type ByteSource } from './summary';
import { yieldToLoop } from '../yield-to-loop';

/** Sequential reads go in slices of this size: the streaming paths never hold more of the file than a slice and one record. */
export const SLICE_BYTES = 4 * 1024 * 1024;

/**
 * The largest record the parsers hold at once (a summary section, a bag's index, a chunk compressed or not): anything
 * larger is refused as corrupt rather than buffered. Recorders write chunks of a few MiB.
 */
export const MAX_READ_BYTES = 256 * 1024 * 1024;

/** A Buffer (or Uint8Array) in memory as a ByteSource. */
export function bufferByteSource(buffer: Uint8Array): ByteSource {
  return {
    size: buffer.byteLength,
    read: async (offset, length) => buffer.subarray(offset, offset + length),
    readInto: async (offset, target) => target.set(buffer.subarray(offset, offset + target.byteLength)),
  };
}

/** A file through one FileHandle; close() it when done. */
export async function fileByteSource(path: string): Promise<ByteSource & { close(): Promise<void> }> {
  const handle = await open(path, 'r');
  const { size } = await handle.stat();
  /** Fills target from offset, or as much of it as the file holds: the count. */
  const fill = async (offset: number, target: Uint8Array) => {
    let filled = 0;
    while (filled < target.byteLength) {
      const { bytesRead } = await handle.read(target, filled, target.byteLength - filled, offset + filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return filled;
  };
  return {
    size,
    read: async (offset, length) => {
      const buffer = Buffer.allocUnsafe(length); // every byte returned was read into it
      return buffer.subarray(0, await fill(offset, buffer));
    },
    readInto: async (offset, target) => {
      const filled = await fill(offset, target);
      if (filled !== target.byteLength) throw new Error(`The file ended after ${filled} of ${target.byteLength} bytes at ${offset}`);
    },
    close: () => handle.close(),
  };
}

function checkRange(source: ByteSource, offset: number, length: number): void {
  if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset < 0 || length < 0 || offset + length > source.size) {
    throw new RecordingParseError(`The file (${source.size} bytes) has no bytes ${offset}–${offset + length}: it is truncated or an offset in it is corrupt`);
  }
  if (length > MAX_READ_BYTES) throw new RecordingParseError(`A record of ${length} bytes at offset ${offset} is larger than any this parser accepts`);
}

/** Exactly the bytes [offset, offset + length), or a RecordingParseError naming the range the file does not hold. */
export async function readExactly(source: ByteSource, offset: number, length: number): Promise<Uint8Array> {
  checkRange(source, offset, length);
  // Nothing is asked of the source: a store answers an empty range at the file's end (a bag's empty index) as unsatisfiable.
  if (length === 0) return new Uint8Array(0);
  let bytes: Uint8Array;
  try {
    bytes = await source.read(offset, length);
  } catch (error) {
    throw new SourceFailure(error);
  }
  if (bytes.byteLength !== length) throw new SourceFailure(new Error(`The byte source returned ${bytes.byteLength} of ${length} bytes at ${offset}`));
  return bytes;
}

/** The same into `target` (filled whole): through the source's readInto where it has one. */
export async function readExactlyInto(source: ByteSource, offset: number, target: Uint8Array): Promise<Uint8Array> {
  if (!source.readInto) {
    target.set(await readExactly(source, offset, target.byteLength));
    return target;
  }
  checkRange(source, offset, target.byteLength);
  if (target.byteLength === 0) return target;
  try {
    await source.readInto(offset, target);
  } catch (error) {
    throw new SourceFailure(error);
  }
  return target;
}

/**
 * Feeds [start, end) to `consume` slice by slice, letting the event loop run between slices. The slices are one
 * buffer read into again: `consume` must copy what it keeps.
 */
export async function forEachSlice(source: ByteSource, start: number, end: number, consume: (bytes: Uint8Array) => Promise<void> | void): Promise<void> {
  const slice = new Uint8Array(Math.max(0, Math.min(SLICE_BYTES, end - start)));
  for (let offset = start; offset < end; offset += SLICE_BYTES) {
    await consume(await readExactlyInto(source, offset, slice.subarray(0, Math.min(SLICE_BYTES, end - offset))));
    await yieldToLoop();
  }
}

import { bufferByteSource, type ByteSource } from '../../../../server/recordings/parse-recording';

/** A ByteSource that records every read, to tell which path a parse took and how much it read at once. */
export function recordingSource(inner: ByteSource | Uint8Array): ByteSource & { reads: { offset: number; length: number }[] } {
  const source = inner instanceof Uint8Array ? bufferByteSource(inner) : inner;
  const reads: { offset: number; length: number }[] = [];
  return {
    size: source.size,
    reads,
    read(offset, length) {
      reads.push({ offset, length });
      return source.read(offset, length);
    },
    ...(source.readInto && {
      readInto(offset: number, target: Uint8Array) {
        reads.push({ offset, length: target.byteLength });
        return source.readInto!(offset, target);
      },
    }),
  };
}

/** A copy with `count` bytes inverted at `at` (a fraction of the size). */
export function flipped(bytes: Uint8Array, at = 0.5, count = 32): Uint8Array {
  const copy = Uint8Array.from(bytes);
  const start = Math.floor(copy.length * at);
  for (let i = start; i < Math.min(start + count, copy.length); i++) copy[i] = copy[i]! ^ 0xff;
  return copy;
}

import type { DecompressHandlers } from '@mcap/core';
import { loadDecompressHandlers } from '@mcap/support';
import { MAX_READ_BYTES } from './byte-source';
import { RecordingParseError } from './summary';

/** What @foxglove/rosbag's Bag takes: compression name → (data, uncompressed size) → bytes. */
export type BagDecompress = Record<string, (buffer: Uint8Array, size: number) => Uint8Array>;

/** A decompressor that must produce exactly the size the record declares (a corrupt stream may "succeed" short). */
function exact(name: string, decompress: (buffer: Uint8Array, size: bigint) => Uint8Array) {
  return (buffer: Uint8Array, size: bigint): Uint8Array => {
    if (size > BigInt(MAX_READ_BYTES)) throw new RecordingParseError(`A ${name} chunk claims ${size} bytes uncompressed, more than this parser accepts`);
    let out: Uint8Array;
    try {
      out = decompress(buffer, size);
    } catch (error) {
      throw new RecordingParseError(`A ${name} chunk does not decompress: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (BigInt(out.byteLength) !== size) throw new RecordingParseError(`A ${name} chunk decompresses to ${out.byteLength} bytes, not the declared ${size}`);
    return out;
  };
}

/** lz4, zstd and bz2 (the wasm modules @mcap/support loads once per process), checked for size. */
export async function mcapDecompressHandlers(): Promise<DecompressHandlers> {
  const handlers = await loadDecompressHandlers();
  return Object.fromEntries(Object.entries(handlers).map(([name, decompress]) => [name, exact(name, decompress)]));
}

/** The same for a bag, whose chunks say `bz2` or `lz4` (rosbag's lz4 is the LZ4 frame format). */
export async function bagDecompress(): Promise<BagDecompress> {
  const handlers = await mcapDecompressHandlers();
  return Object.fromEntries(
    Object.entries(handlers).map(([name, decompress]) => [name, (buffer: Uint8Array, size: number) => decompress(buffer, BigInt(size))]),
  );
}

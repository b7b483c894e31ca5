/**
 * An LZ4 frame encoder (greedy, one hash probe), for tests only: @foxglove/wasm-lz4 decompresses, nothing installed
 * compresses, and McapWriter's compressChunk is synchronous. Frames: independent 64 KiB blocks, no checksums.
 */

const BLOCK = 64 * 1024;
const MIN_MATCH = 4;

/** xxHash32 of a short input (< 16 bytes), seed 0: the frame header's checksum byte is its second byte. */
function xxh32Short(bytes: number[]): number {
  const [p1, p2, p3, p4, p5] = [0x9e3779b1, 0x85ebca77, 0xc2b2ae3d, 0x27d4eb2f, 0x165667b1];
  const rotl = (x: number, r: number) => (x << r) | (x >>> (32 - r));
  let h = (p5 + bytes.length) | 0;
  let i = 0;
  for (; i + 4 <= bytes.length; i += 4) {
    const word = bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24);
    h = Math.imul(rotl((h + Math.imul(word, p3)) | 0, 17), p4);
  }
  for (; i < bytes.length; i++) h = Math.imul(rotl((h + Math.imul(bytes[i]!, p5)) | 0, 11), p1);
  h = Math.imul(h ^ (h >>> 15), p2);
  h = Math.imul(h ^ (h >>> 13), p3);
  return (h ^ (h >>> 16)) >>> 0;
}

function pushLength(out: number[], length: number): void {
  for (; length >= 255; length -= 255) out.push(255);
  out.push(length);
}

function compressBlock(src: Uint8Array): number[] {
  const out: number[] = [];
  const table = new Map<number, number>();
  const word = (i: number) => src[i]! | (src[i + 1]! << 8) | (src[i + 2]! << 16) | (src[i + 3]! << 24);
  const emit = (anchor: number, end: number, match?: { offset: number; length: number }) => {
    const literals = end - anchor;
    const matchCode = match ? match.length - MIN_MATCH : 0;
    out.push((Math.min(literals, 15) << 4) | Math.min(matchCode, 15));
    if (literals >= 15) pushLength(out, literals - 15);
    for (let i = anchor; i < end; i++) out.push(src[i]!);
    if (!match) return;
    out.push(match.offset & 0xff, match.offset >>> 8);
    if (matchCode >= 15) pushLength(out, matchCode - 15);
  };
  let anchor = 0;
  // The format's end rules: the last match starts 12 or more bytes before the end, the last 5 bytes are literals.
  for (let i = 0; i < src.length - 12;) {
    const candidate = table.get(word(i));
    table.set(word(i), i);
    if (candidate === undefined || i - candidate > 0xffff) {
      i++;
      continue;
    }
    let length = MIN_MATCH;
    while (i + length < src.length - 5 && src[candidate + length] === src[i + length]) length++;
    emit(anchor, i, { offset: i - candidate, length });
    i += length;
    anchor = i;
  }
  emit(anchor, src.length);
  return out;
}

export function lz4FrameCompress(data: Uint8Array): Uint8Array {
  const [flags, blockDescriptor] = [0x60, 0x40]; // version 01, independent blocks; 64 KiB maximum block size
  const out: number[] = [0x04, 0x22, 0x4d, 0x18, flags, blockDescriptor, (xxh32Short([flags, blockDescriptor]) >>> 8) & 0xff];
  const pushU32 = (n: number) => out.push(n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, n >>> 24);
  for (let start = 0; start < data.length; start += BLOCK) {
    const block = data.subarray(start, start + BLOCK);
    const compressed = compressBlock(block);
    if (compressed.length < block.length) {
      pushU32(compressed.length);
      for (const byte of compressed) out.push(byte);
    } else {
      pushU32((block.length | 0x80000000) >>> 0); // stored uncompressed
      for (const byte of block) out.push(byte);
    }
  }
  pushU32(0); // end mark
  return Uint8Array.from(out);
}

import { loadDecompressHandlers } from '@mcap/support';
import { describe, expect, it } from 'vitest';
import { lz4FrameCompress } from './helpers/lz4-frame';

/** The test's own LZ4 encoder (used to write lz4 MCAP chunks) against the decompressor the parser uses. */
describe('the tests’ LZ4 frame encoder', () => {
  const cases: [string, Uint8Array][] = [
    ['empty', new Uint8Array(0)],
    ['short', Uint8Array.from([1, 2, 3])],
    ['repetitive, several blocks', Uint8Array.from({ length: 200_000 }, (_, i) => (i % 97) ^ (i >> 12))],
    ['incompressible', Uint8Array.from({ length: 70_000 }, (_, i) => (Math.imul(i + 1, 2654435761) >>> 13) & 0xff)],
    ['long runs', new Uint8Array(100_000).fill(7)],
  ];
  it.each(cases)('round-trips %s data', async (_, data) => {
    const { lz4 } = await loadDecompressHandlers();
    const frame = lz4FrameCompress(data);
    expect(Buffer.from(lz4!(frame, BigInt(data.length))).equals(Buffer.from(data))).toBe(true);
  });

  it('compresses repetitive data', () => {
    expect(lz4FrameCompress(new Uint8Array(100_000).fill(7)).length).toBeLessThan(1000);
  });
});

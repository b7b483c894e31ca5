import { crc32 } from 'node:zlib';
import { McapRecordBuilder, McapStreamReader } from '@mcap/core';
import { describe, expect, it } from 'vitest';
import { mcapDecompressHandlers } from '../../../server/recordings/decompress';
import { walkChunk } from '../../../server/recordings/mcap-chunk';
import { McapTally } from '../../../server/recordings/mcap-records';
import { RecordingParseError } from '../../../server/recordings/summary';
import { compressors } from './helpers/mcap-files';

const T = 1_700_000_000_000_000_000n;

/** A chunk's records: a schema, a channel and `count` messages 10 ms apart, each with a 1 KiB payload. */
function records(count: number, extra?: (builder: McapRecordBuilder) => void): Uint8Array {
  const builder = new McapRecordBuilder();
  builder.writeSchema({ id: 1, name: 'sensor_msgs/Imu', encoding: 'ros1msg', data: new Uint8Array() });
  builder.writeChannel({ id: 7, schemaId: 1, topic: '/imu', messageEncoding: 'ros1', metadata: new Map() });
  for (let i = 0; i < count; i++)
    builder.writeMessage({ channelId: 7, sequence: i, logTime: T + BigInt(i) * 10_000_000n, publishTime: 0n, data: new Uint8Array(1024) });
  extra?.(builder);
  return builder.buffer.slice();
}

function chunk(inner: Uint8Array, options: { compression?: string; compressed?: Uint8Array; crc?: number } = {}): Uint8Array {
  const builder = new McapRecordBuilder();
  builder.writeChunk({
    messageStartTime: T,
    messageEndTime: T,
    uncompressedSize: BigInt(inner.byteLength),
    uncompressedCrc: options.crc ?? crc32(inner),
    compression: options.compression ?? '',
    records: options.compressed ?? inner,
  });
  return builder.buffer.slice();
}

async function walk(record: Uint8Array) {
  const tally = new McapTally();
  await walkChunk(record, tally, new McapStreamReader({ noMagicPrefix: true }), await mcapDecompressHandlers());
  return tally;
}

describe('walkChunk: one chunk read in place', () => {
  it('counts each message by its channel and log time, and takes the chunk’s schema and channel', async () => {
    const tally = await walk(chunk(records(250)));
    expect(tally.total).toBe(250);
    const summary = tally.summarize();
    expect(summary.topics).toEqual([expect.objectContaining({ topic: '/imu', messageType: 'sensor_msgs/Imu', messageCount: 250 })]);
    expect(summary.durationSeconds).toBeCloseTo(2.49, 9);
  });

  it('decompresses a zstd or lz4 chunk and checks the CRC of what it decompressed to', async () => {
    const compress = await compressors();
    for (const [name, pack] of [
      ['zstd', compress.zstd],
      ['lz4', compress.lz4],
    ] as const) {
      const inner = records(40);
      const { compression, compressedData } = pack!(inner);
      expect(compression).toBe(name);
      expect((await walk(chunk(inner, { compression, compressed: compressedData }))).total).toBe(40);
      await expect(walk(chunk(inner, { compression, compressed: compressedData, crc: crc32(inner) ^ 1 }))).rejects.toThrow(/CRC/);
    }
  });

  it('refuses a chunk whose records do not match its CRC, and leaves a CRC of 0 unchecked', async () => {
    const inner = records(3);
    await expect(walk(chunk(inner, { crc: crc32(inner) + 1 }))).rejects.toThrow(RecordingParseError);
    expect((await walk(chunk(inner, { crc: 0 }))).total).toBe(3);
  });

  it('skips records of an unknown opcode and refuses records a chunk may not hold', async () => {
    const unknown = records(2, (builder) => builder.writeMetadata({ name: 'x', metadata: new Map() }));
    // The metadata record (opcode 12) relabelled 0x80: a record of a later version of the format.
    const relabelled = unknown.slice();
    relabelled[records(2).byteLength] = 0x80;
    expect((await walk(chunk(relabelled))).total).toBe(2);
    await expect(walk(chunk(unknown))).rejects.toThrow(/not allowed inside a chunk/);
  });

  it('refuses a message record shorter than its header, a record running past the chunk, and what is not a chunk', async () => {
    const short = records(1, (builder) => builder.writeMessage({ channelId: 7, sequence: 0, logTime: T, publishTime: T, data: new Uint8Array() }));
    const clipped = short.slice();
    clipped.set([20, 0, 0, 0, 0, 0, 0, 0], records(1).byteLength + 1); // the empty message's content length, 22 → 20
    await expect(walk(chunk(clipped.subarray(0, clipped.byteLength - 2)))).rejects.toThrow(RecordingParseError);
    const overlong = records(1);
    overlong.set([0xff, 0xff, 0, 0, 0, 0, 0, 0], overlong.byteLength - (22 + 1024) - 8); // the message's content length
    await expect(walk(chunk(overlong))).rejects.toThrow(/claims more bytes/);
    const notChunk = chunk(records(1));
    notChunk[0] = 0x0b;
    await expect(walk(notChunk)).rejects.toThrow(/not a chunk/);
  });

  it('refuses a chunk compressed in a way it does not read', async () => {
    const inner = records(1);
    await expect(walk(chunk(inner, { compression: 'brotli', compressed: inner }))).rejects.toThrow(/brotli/);
  });
});

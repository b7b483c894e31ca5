import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Bag } from '@foxglove/rosbag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DENSITY_BUCKETS } from '../../../model/schemas/upload';
import {
  bufferByteSource,
  fileByteSource,
  parseRecording,
  RecordingParseError,
  type ByteSource,
  type RecordingSummary,
} from '../../../server/recordings/parse-recording';
import {
  EXPECTED_BAG_TOPICS,
  outOfOrderBagMessages,
  plannedBagMessages,
  rosbagForTests,
  T0_SEC,
  writeBag,
  writeBagWithoutMessages,
  type BagMessage,
} from './helpers/rosbag-files';
import { flipped, recordingSource } from './helpers/sources';

const COMPRESSIONS = ['none', 'bz2', 'lz4'] as const;
type Compression = (typeof COMPRESSIONS)[number];

let dir: string;
/** One bag per compression, with chunks out of time order; and one written in order, uncompressed. */
const bags = new Map<Compression | 'in order', Uint8Array>();
const pathOf = (name: string) => join(dir, `${name.replace(/\W+/g, '-')}.bag`);

describe.skipIf(!rosbagForTests())('parseRecording: .bag files written by rosbag', () => {
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'edp-bags-'));
    for (const compression of COMPRESSIONS) {
      writeBag(pathOf(compression), compression, outOfOrderBagMessages());
      bags.set(compression, await readFile(pathOf(compression)));
    }
    writeBag(pathOf('in order'), 'none', plannedBagMessages());
    bags.set('in order', await readFile(pathOf('in order')));
  }, 60_000);
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  function expectPlannedSummary(summary: RecordingSummary): void {
    expect(summary.format).toBe('bag');
    expect(summary.startTime).toEqual(new Date(T0_SEC * 1000 + 123));
    expect(summary.endTime).toEqual(new Date(T0_SEC * 1000 + 2223));
    expect(summary.durationSeconds).toBeCloseTo(2.1, 9);
    expect(summary.messageCount).toBe(224);
    expect(summary.topics.map(({ frequencyHz, ...rest }) => rest)).toEqual(EXPECTED_BAG_TOPICS.map(({ frequencyHz, ...rest }) => rest));
    summary.topics.forEach((topic, i) => expect(topic.frequencyHz).toBeCloseTo(EXPECTED_BAG_TOPICS[i]!.frequencyHz, 9));
  }

  it.each([...COMPRESSIONS, 'in order' as const])('%s, from a file', async (name) => {
    const file = await fileByteSource(pathOf(name));
    try {
      expectPlannedSummary(await parseRecording(file, 'run.bag'));
    } finally {
      await file.close();
    }
  });

  it.each(COMPRESSIONS)('%s, from a buffer, extension in capitals', async (compression) => {
    expectPlannedSummary(await parseRecording(bufferByteSource(bags.get(compression)!), 'RUN.BAG'));
  });

  it.each(COMPRESSIONS)('%s: the file has several chunks out of time order, and two connections on /chatter', async (compression) => {
    const bytes = bags.get(compression)!;
    const bag = new Bag({ size: () => bytes.length, read: async (offset, length) => bytes.subarray(offset, offset + length) });
    await bag.open();
    expect(bag.chunkInfos.length).toBeGreaterThan(10);
    expect(Buffer.from(bytes).includes(`compression=${compression}`)).toBe(true);
    // What the library's own startTime/endTime say (first chunk's start, last chunk's end) is not the recording's span.
    expect(bag.startTime).toEqual({ sec: T0_SEC + 1, nsec: 123_456_789 });
    expect(bag.endTime).toEqual({ sec: T0_SEC + 2, nsec: 113_456_789 }); // the recording ends at +2.1 s: T0_SEC + 2, 223_456_789
    expect([...bag.connections.values()].filter((connection) => connection.topic === '/chatter')).toHaveLength(2);
  });

  it('counts message density in 120 slices of the whole recording, connections of a topic summed', async () => {
    // 12 s: /steady every 100 ms from +0 to +12 s from two publishers; /early every 100 ms in the first half, 50 ms into each slice.
    const message = (topic: string, callerid: string, ms: number): BagMessage => ({
      topic,
      type: 'std_msgs/String',
      callerid,
      sec: T0_SEC + Math.floor(ms / 1000),
      nsec: (ms % 1000) * 1_000_000,
      text: 'x',
    });
    const steady = Array.from({ length: 121 }, (_, i) => message('/steady', i % 2 ? '/b' : '/a', i * 100));
    const early = Array.from({ length: 60 }, (_, i) => message('/early', '/c', i * 100 + 50));
    writeBag(pathOf('density'), 'lz4', [...steady, ...early].reverse(), 512);
    const summary = await parseRecording(bufferByteSource(await readFile(pathOf('density'))), 'density.bag');
    expect(summary.durationSeconds).toBe(12);
    expect(summary.topics.map(({ topic, messageCount }) => [topic, messageCount])).toEqual([
      ['/early', 60],
      ['/steady', 121],
    ]);
    for (const topic of summary.topics) {
      expect(topic.density).toHaveLength(DENSITY_BUCKETS);
      expect(topic.density!.reduce((sum, count) => sum + count, 0)).toBe(topic.messageCount);
    }
    expect(summary.topics[0]!.density).toEqual([...Array<number>(60).fill(1), ...Array<number>(60).fill(0)]);
    expect(summary.topics[1]!.density).toEqual([...Array<number>(119).fill(1), 2]);
  });

  describe('broken', () => {
    it.each(COMPRESSIONS)('%s, truncated', async (compression) => {
      const bytes = bags.get(compression)!;
      for (const length of [bytes.length - 1, Math.floor(bytes.length / 2), 100, 5, 0]) {
        await expect(parseRecording(recordingSource(bytes.subarray(0, length)), 'cut.bag')).rejects.toThrow(RecordingParseError);
      }
    });

    it.each(['bz2', 'lz4'] as const)('%s, with bytes flipped in the middle', async (compression) => {
      const bytes = bags.get(compression)!;
      for (const at of [0.3, 0.5, 0.7]) {
        await expect(parseRecording(recordingSource(flipped(bytes, at, 16)), 'flipped.bag')).rejects.toThrow(RecordingParseError);
      }
    });

    /** An uncompressed bag has no checksum: a flipped payload byte is undetectable, flipped structure is not. */
    const field = (bytes: Uint8Array, name: string, from = Math.floor(bytes.length / 2)) => Buffer.from(bytes).indexOf(`${name}=`, from) + name.length + 1;

    it("none, with a message record's op code flipped in the middle", async () => {
      const bytes = Uint8Array.from(bags.get('none')!);
      const op = Buffer.from(bytes).indexOf('op=\x02', Math.floor(bytes.length / 2)) + 'op='.length; // a message data record's
      expect(op).toBeGreaterThan(bytes.length / 2);
      bytes[op] = bytes[op]! ^ 0xff;
      await expect(parseRecording(recordingSource(bytes), 'flipped.bag')).rejects.toThrow(/corrupt/);
    });

    it("none, with a message record's time flipped in the middle", async () => {
      const bytes = Uint8Array.from(bags.get('none')!);
      const time = field(bytes, 'time');
      bytes[time + 3] = bytes[time + 3]! ^ 0xff;
      await expect(parseRecording(recordingSource(bytes), 'flipped.bag')).rejects.toThrow(RecordingParseError);
    });

    it('an unindexed bag (the recorder never closed it)', async () => {
      const bytes = Uint8Array.from(bags.get('none')!);
      // What a recorder that died leaves: the bag header's index position and counts still 0.
      for (const [name, size] of [
        ['index_pos', 8],
        ['conn_count', 4],
        ['chunk_count', 4],
      ] as const)
        bytes.fill(0, field(bytes, name, 0), field(bytes, name, 0) + size);
      await expect(parseRecording(recordingSource(bytes), 'crashed.bag')).rejects.toThrow(RecordingParseError);
    });

    it('what is not a bag', async () => {
      await expect(parseRecording(recordingSource(new TextEncoder().encode('#ROSBAG V1.2\n'.repeat(500))), 'old.bag')).rejects.toThrow(RecordingParseError);
    });
  });

  describe('without messages, a recording all the same: its connections as topics, each counted 0, and no span', () => {
    /** As an object store reads: a range it does not hold, an empty one at the end included, is a failure of the store. */
    const storeLike = (bytes: Uint8Array): ByteSource => ({
      size: bytes.length,
      read: async (offset, length) => {
        if (length === 0 || offset + length > bytes.length) throw new Error(`bytes=${offset}-${offset + length - 1}: range not satisfiable`);
        return bytes.subarray(offset, offset + length);
      },
    });
    const silent = { startTime: null, endTime: null, durationSeconds: 0, messageCount: 0, format: 'bag' };
    const unheard = (topic: string, messageType: string) => ({
      topic,
      messageType,
      encoding: 'ros1',
      messageCount: 0,
      frequencyHz: 0,
      start: null,
      end: null,
      density: Array<number>(DENSITY_BUCKETS).fill(0),
    });

    it('connections and no message data (a recorder that heard nothing on its topics)', async () => {
      writeBagWithoutMessages(pathOf('connections only'), [
        { topic: '/imu', type: 'sensor_msgs/Imu' },
        { topic: '/chatter', type: 'std_msgs/String' },
      ]);
      const bytes = await readFile(pathOf('connections only'));
      expect(Buffer.from(bytes).includes('conn_count=\x02\x00\x00\x00')).toBe(true);
      expect(await parseRecording(storeLike(bytes), 'quiet.bag')).toEqual({
        ...silent,
        topics: [unheard('/chatter', 'std_msgs/String'), unheard('/imu', 'sensor_msgs/Imu')],
      });
    });

    it('no connection either: a header and an empty index', async () => {
      writeBag(pathOf('empty'), 'none', []);
      expect(await parseRecording(storeLike(await readFile(pathOf('empty'))), 'empty.bag')).toEqual({ ...silent, topics: [] });
    });
  });
});

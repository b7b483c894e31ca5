import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McapWriter } from '@mcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLICE_BYTES } from '../../../server/recordings/byte-source';
import { fileByteSource, parseRecording } from '../../../server/recordings/parse-recording';
import { fileWritable, T0 } from './helpers/mcap-files';
import { recordingSource } from './helpers/sources';

const MESSAGE_BYTES = 256 * 1024;
const MESSAGES = 800; // 200 MiB of payload
const NO_SUMMARY = { useStatistics: false, useSummaryOffsets: false, useChunkIndex: false, repeatSchemas: false, repeatChannels: false };

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edp-recordings-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** ~200 MiB of camera frames at 30 Hz, in ~1 MiB chunks (or 8 MiB ones), written straight to a file. */
async function writeLarge(path: string, options: { chunkSize: number; summary: boolean }): Promise<void> {
  const writable = fileWritable(path);
  const writer = new McapWriter({ writable, chunkSize: options.chunkSize, ...(options.summary ? {} : NO_SUMMARY) });
  await writer.start({ profile: '', library: 'edp-tests' });
  const schemaId = await writer.registerSchema({ name: 'sensor_msgs/Image', encoding: 'ros1msg', data: new Uint8Array() });
  const channelId = await writer.registerChannel({ topic: '/camera/raw', schemaId, messageEncoding: 'ros1', metadata: new Map() });
  const data = new Uint8Array(MESSAGE_BYTES).map((_, i) => i & 0xff);
  for (let i = 0; i < MESSAGES; i++) {
    const logTime = T0 + (BigInt(i) * 1_000_000_000n) / 30n;
    await writer.addMessage({ channelId, sequence: i, logTime, publishTime: logTime, data });
  }
  await writer.end();
  writable.close();
}

describe('parseRecording: large .mcap files are read in slices', () => {
  it.each([
    ['unindexed (streamed), 1 MiB chunks', { chunkSize: 1024 * 1024, summary: false }],
    ['indexed, 8 MiB chunks', { chunkSize: 8 * 1024 * 1024, summary: true }],
  ])('%s', async (name, options) => {
    const path = join(dir, `${name.replace(/\W+/g, '-')}.mcap`);
    await writeLarge(path, options);
    const file = await fileByteSource(path);
    try {
      expect(file.size).toBeGreaterThan(MESSAGES * MESSAGE_BYTES);
      const source = recordingSource(file);
      // The event loop turns while parsing: a self-rescheduling setImmediate runs at least once per slice read.
      let turns = 0;
      let parsing = true;
      const turn = () => {
        turns++;
        if (parsing) setImmediate(turn);
      };
      setImmediate(turn);
      const summary = await parseRecording(source, 'large.mcap').finally(() => (parsing = false));
      expect(turns).toBeGreaterThanOrEqual(Math.floor(file.size / SLICE_BYTES));
      expect(summary.messageCount).toBe(MESSAGES);
      expect(summary.topics).toEqual([
        {
          topic: '/camera/raw',
          messageType: 'sensor_msgs/Image',
          encoding: 'ros1',
          messageCount: MESSAGES,
          frequencyHz: expect.closeTo(30, 6),
          start: summary.startTime!.toISOString(),
          end: summary.endTime!.toISOString(),
          density: expect.any(Array),
        },
      ]);
      // 800 messages evenly over the span: 6 or 7 in each of its 120 slices, give or take one at a slice's edge.
      const density = summary.topics[0]!.density!;
      expect(density.reduce((sum, count) => sum + count, 0)).toBe(MESSAGES);
      expect(density.every((count) => count >= 5 && count <= 8)).toBe(true);
      // Bounded memory: no read larger than a slice, and every byte read about once (no re-reads, no whole-file read).
      expect(Math.max(...source.reads.map((read) => read.length))).toBeLessThanOrEqual(SLICE_BYTES);
      expect(source.reads.reduce((sum, read) => sum + read.length, 0)).toBeLessThan(file.size * 1.01);
    } finally {
      await file.close();
      await rm(path);
    }
  });
});

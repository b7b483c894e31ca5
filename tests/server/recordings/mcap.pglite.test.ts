import { McapIndexedReader, McapWriter, TempBuffer, type McapWriterOptions } from '@mcap/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DENSITY_BUCKETS } from '../../../model/schemas/upload';
import { parseRecording, RecordingParseError, type RecordingSummary } from '../../../server/recordings/parse-recording';
import { compressors, EXPECTED_TOPICS, mcapBuffer, outOfOrder, plannedMessages, T0, type Compression } from './helpers/mcap-files';
import { flipped, recordingSource } from './helpers/sources';

type Options = Omit<McapWriterOptions, 'writable'>;

/** Summary layouts McapWriter can produce, and whether the parser can go by the summary (else it streams the file). */
const SUMMARIES: [name: string, options: Options, byIndex: boolean][] = [
  ['full summary', {}, true],
  [
    'no summary',
    {
      useStatistics: false,
      useSummaryOffsets: false,
      useChunkIndex: false,
      repeatSchemas: false,
      repeatChannels: false,
      useAttachmentIndex: false,
      useMetadataIndex: false,
    },
    false,
  ],
  ['no statistics', { useStatistics: false }, true],
  ['no summary offsets', { useSummaryOffsets: false }, true],
  ['no message indexes', { useMessageIndex: false }, true],
  ['no schemas in the summary', { repeatSchemas: false }, true],
  ['no channels or schemas in the summary', { repeatSchemas: false, repeatChannels: false }, false],
  ['no chunk index', { useChunkIndex: false }, false],
  ['statistics only', { useChunkIndex: false, repeatSchemas: false, repeatChannels: false, useAttachmentIndex: false, useMetadataIndex: false }, false],
  ['attachment index only', { useStatistics: false, useChunkIndex: false, repeatSchemas: false, repeatChannels: false, useMetadataIndex: false }, false],
];
const CHUNKING: [name: string, chunked: boolean, compression: Compression][] = [
  ['unchunked', false, 'none'],
  ['chunked, uncompressed', true, 'none'],
  ['chunked, lz4', true, 'lz4'],
  ['chunked, zstd', true, 'zstd'],
];
const LAYOUTS = CHUNKING.flatMap(([chunking, chunked, compression]) =>
  SUMMARIES.flatMap(([summary, options, byIndex]) =>
    [false, true].map((shuffled) => ({
      name: `${chunking}, ${summary}, ${shuffled ? 'out of order' : 'in order'}`,
      chunked,
      compression,
      options,
      shuffled,
      byIndex: byIndex && chunked,
    })),
  ),
);

let compress: Awaited<ReturnType<typeof compressors>>;
beforeAll(async () => {
  compress = await compressors();
});

const write = (layout: { chunked: boolean; compression: Compression; options: Options; shuffled?: boolean }) =>
  mcapBuffer(layout.shuffled ? outOfOrder(plannedMessages()) : plannedMessages(), {
    ...layout.options,
    useChunks: layout.chunked,
    compressChunk: compress[layout.compression],
  });

function expectPlannedSummary(summary: RecordingSummary): void {
  expect(summary.format).toBe('mcap');
  expect(summary.startTime).toEqual(new Date(1_700_000_000_123));
  expect(summary.endTime).toEqual(new Date(1_700_000_002_173));
  expect(summary.durationSeconds).toBeCloseTo(2.05, 9);
  expect(summary.messageCount).toBe(223);
  expect(summary.topics.map(({ frequencyHz, ...rest }) => rest)).toEqual(EXPECTED_TOPICS.map(({ frequencyHz, ...rest }) => rest));
  summary.topics.forEach((topic, i) => expect(topic.frequencyHz).toBeCloseTo(EXPECTED_TOPICS[i]!.frequencyHz, 9));
}

describe('parseRecording: .mcap layouts', () => {
  it.each(LAYOUTS)('$name', async (layout) => {
    const source = recordingSource(await write(layout));
    expectPlannedSummary(await parseRecording(source, 'run.mcap'));
    // The streaming path reads the file from offset 0 in slices (here one: the file is small); the indexed one never does.
    const streamed = source.reads.some((read) => read.offset === 0 && read.length === source.size);
    expect(streamed).toBe(!layout.byIndex);
  });

  it('the out-of-order files really have chunks that go back in time', async () => {
    const buffer = new TempBuffer(await write({ chunked: true, compression: 'none', options: {}, shuffled: true }));
    const { chunkIndexes } = await McapIndexedReader.Initialize({ readable: buffer });
    expect(chunkIndexes.length).toBeGreaterThan(10);
    expect(chunkIndexes[0]!.messageEndTime).toBe(T0 + 2_050_000_000n);
    expect(chunkIndexes.at(-1)!.messageStartTime).toBeLessThan(T0 + 1_000_000_000n);
    expect(chunkIndexes.slice(1).some((chunk) => chunk.messageStartTime === T0)).toBe(true);
  });

  it('takes the extension in any case, and refuses others', async () => {
    const bytes = await write({ chunked: true, compression: 'zstd', options: {} });
    expectPlannedSummary(await parseRecording(recordingSource(bytes), 'RUN.MCAP'));
    await expect(parseRecording(recordingSource(bytes), 'run.mcap.zip')).rejects.toThrow(RecordingParseError);
    await expect(parseRecording(recordingSource(bytes), 'mcap')).rejects.toThrow(RecordingParseError);
  });

  // The writer keeps channels without messages only in the summary: by its index, and streamed (no chunk index).
  it.each([
    ['unchunked, full summary', { useChunks: false }],
    ['chunked, full summary', { useChunks: true }],
    ['chunked, no chunk index', { useChunks: true, useChunkIndex: false }],
  ])('takes a file with channels and no messages (%s): its topics, each counted 0, and no span', async (_, options) => {
    const unheard = (topic: string, messageType: string, encoding: string) => ({
      topic,
      messageType,
      encoding,
      messageCount: 0,
      frequencyHz: 0,
      start: null,
      end: null,
      density: Array<number>(DENSITY_BUCKETS).fill(0),
    });
    expect(await parseRecording(recordingSource(await mcapBuffer([], options)), 'quiet.mcap')).toEqual({
      format: 'mcap',
      startTime: null,
      endTime: null,
      durationSeconds: 0,
      messageCount: 0,
      topics: [unheard('/camera', 'foxglove.CompressedImage', 'protobuf'), unheard('/imu', 'sensor_msgs/Imu', 'ros1'), unheard('/log', '', 'json')],
    });
  });
});

/**
 * Streamed files are checked whole (chunk CRCs, the DataEnd CRC of the data section). The indexed path checks what the
 * summary is drawn from (the summary's CRC, every chunk's CRC) and does not read attachments, metadata or message indexes.
 */
describe('parseRecording: broken .mcap files', () => {
  const noSummary = SUMMARIES[1]![1];
  const broken: [string, { chunked: boolean; compression: Compression; options: Options }][] = [
    ['indexed, zstd', { chunked: true, compression: 'zstd', options: {} }],
    ['indexed, lz4', { chunked: true, compression: 'lz4', options: {} }],
    ['indexed, uncompressed', { chunked: true, compression: 'none', options: {} }],
    ['streamed, chunked', { chunked: true, compression: 'zstd', options: noSummary }],
    ['streamed, unchunked', { chunked: false, compression: 'none', options: noSummary }],
    ['unchunked with a summary (streamed)', { chunked: false, compression: 'none', options: {} }],
  ];
  const streamed = broken.filter(([name]) => name.includes('streamed'));
  const indexed = broken.filter(([name]) => name.startsWith('indexed'));

  it.each(broken)('%s, truncated', async (_, layout) => {
    const bytes = await write(layout);
    for (const length of [bytes.length - 1, Math.floor(bytes.length / 2), 30, 0]) {
      await expect(parseRecording(recordingSource(bytes.subarray(0, length)), 'cut.mcap')).rejects.toThrow(RecordingParseError);
    }
  });

  it.each(indexed)('%s, with bytes flipped in the middle of the middle chunk', async (_, layout) => {
    const bytes = await write(layout);
    const { chunkIndexes } = await McapIndexedReader.Initialize({ readable: new TempBuffer(bytes) });
    const chunk = chunkIndexes[Math.floor(chunkIndexes.length / 2)]!;
    const middle = Number(chunk.chunkStartOffset + chunk.chunkLength / 2n) / bytes.length;
    await expect(parseRecording(recordingSource(flipped(bytes, middle, 8)), 'flipped.mcap')).rejects.toThrow(RecordingParseError);
  });

  it.each(streamed)('%s, with bytes flipped anywhere in the data section (its CRC)', async (_, layout) => {
    const bytes = await write(layout);
    for (const at of [0.1, 0.3, 0.5, 0.7, 0.9]) {
      await expect(parseRecording(recordingSource(flipped(bytes, at, 1)), 'flipped.mcap')).rejects.toThrow(RecordingParseError);
    }
  });

  it.each(indexed)('%s, with bytes flipped in the summary (its CRC)', async (_, layout) => {
    const bytes = await write(layout);
    await expect(parseRecording(recordingSource(flipped(bytes, (bytes.length - 100) / bytes.length, 1)), 'flipped.mcap')).rejects.toThrow(RecordingParseError);
  });

  it('the indexed path reads the chunks and the summary, not the attachment', async () => {
    const bytes = await write({ chunked: true, compression: 'zstd', options: {} });
    const { attachmentIndexes } = await McapIndexedReader.Initialize({ readable: new TempBuffer(bytes) });
    const [attachment] = attachmentIndexes;
    const source = recordingSource(bytes);
    expectPlannedSummary(await parseRecording(source, 'run.mcap'));
    const [start, end] = [Number(attachment!.offset), Number(attachment!.offset + attachment!.length)];
    expect(source.reads.filter((read) => read.offset < end && read.offset + read.length > start)).toEqual([]);
  });

  it('refuses what is not MCAP at all', async () => {
    const text = new TextEncoder().encode('#ROSBAG V2.0\n'.repeat(100));
    await expect(parseRecording(recordingSource(text), 'bag-in-disguise.mcap')).rejects.toThrow(/MCAP magic/);
  });

  it('passes a failure of the byte source through as it is', async () => {
    const failure = new Error('storage is down');
    const source = { size: 1000, read: () => Promise.reject(failure) };
    await expect(parseRecording(source, 'run.mcap')).rejects.toBe(failure);
  });

  it('reads the chunks into one buffer where the source can, and passes its failure through as it is', async () => {
    const bytes = await write({ chunked: true, compression: 'none', options: {} });
    const source = recordingSource(bytes);
    const targets = new Set<ArrayBufferLike>();
    const readInto = source.readInto!;
    source.readInto = (offset, target) => (targets.add(target.buffer), readInto(offset, target));
    expectPlannedSummary(await parseRecording(source, 'run.mcap'));
    expect(targets.size).toBe(1);
    const failure = new Error('storage is down');
    source.readInto = () => Promise.reject(failure);
    await expect(parseRecording(source, 'run.mcap')).rejects.toBe(failure);
  });
});

/**
 * 12 s: /steady every 100 ms from +0 to +12 s, on two channels taking turns; /early every 100 ms in the first half only,
 * 50 ms into each slice. Written backwards, so every chunk goes back in time.
 */
async function densityMcap(options: Options): Promise<Uint8Array> {
  const buffer = new TempBuffer();
  const writer = new McapWriter({ chunkSize: 1024, ...options, writable: buffer });
  await writer.start({ profile: '', library: 'edp-tests' });
  const channel = (topic: string) => writer.registerChannel({ topic, schemaId: 0, messageEncoding: 'json', metadata: new Map() });
  const [steadyA, steadyB, early] = [await channel('/steady'), await channel('/steady'), await channel('/early')];
  const ms = (n: number) => T0 + BigInt(n) * 1_000_000n;
  const messages = [
    ...Array.from({ length: 121 }, (_, i) => ({ channelId: i % 2 ? steadyB : steadyA, logTime: ms(i * 100) })),
    ...Array.from({ length: 60 }, (_, i) => ({ channelId: early, logTime: ms(i * 100 + 50) })),
  ].sort((a, b) => (a.logTime > b.logTime ? -1 : a.logTime < b.logTime ? 1 : 0));
  for (const [sequence, message] of messages.entries())
    await writer.addMessage({ ...message, sequence, publishTime: message.logTime, data: new TextEncoder().encode('{}') });
  await writer.end();
  return buffer.get();
}

describe('parseRecording: message density along an .mcap', () => {
  it.each([
    ['indexed', {}],
    ['streamed', SUMMARIES[1]![1]],
  ] as const)('%s: counts in 120 slices of the whole recording, channels of a topic summed', async (_, options) => {
    const summary = await parseRecording(recordingSource(await densityMcap(options)), 'density.mcap');
    expect(summary.durationSeconds).toBe(12);
    const [early, steady] = summary.topics;
    expect(early).toMatchObject({ topic: '/early', messageCount: 60 });
    expect(steady).toMatchObject({ topic: '/steady', messageCount: 121 });
    for (const topic of summary.topics) {
      expect(topic.density).toHaveLength(DENSITY_BUCKETS);
      expect(topic.density!.reduce((sum, count) => sum + count, 0)).toBe(topic.messageCount);
    }
    // Slices of the recording's span (100 ms each), not of the topic's own (/early's is 5.9 s).
    expect(early!.density).toEqual([...Array<number>(60).fill(1), ...Array<number>(60).fill(0)]);
    // A message every slice, and the one at the very end in the last.
    expect(steady!.density).toEqual([...Array<number>(119).fill(1), 2]);
  });
});

import { closeSync, openSync, writeSync } from 'node:fs';
import * as zstd from '@foxglove/wasm-zstd';
import { McapWriter, TempBuffer, type IWritable, type McapWriterOptions } from '@mcap/core';
import { exactDensity } from './density';
import { lz4FrameCompress } from './lz4-frame';

/** The recording every MCAP layout test writes: three topics, one without a schema, with known counts and rates. */
export const T0 = 1_700_000_000_123_456_789n;
const MS = 1_000_000n;

export interface PlannedMessage {
  topic: '/imu' | '/camera' | '/log';
  logTime: bigint;
  size: number;
}

/** /imu: 201 at 100 Hz over 2 s; /camera: 21 at 10 Hz from +50 ms; /log: one at +1 s. Span T0 … T0 + 2.05 s. */
export function plannedMessages(): PlannedMessage[] {
  const imu = Array.from({ length: 201 }, (_, i) => ({ topic: '/imu' as const, logTime: T0 + BigInt(i) * 10n * MS, size: 120 }));
  const camera = Array.from({ length: 21 }, (_, i) => ({ topic: '/camera' as const, logTime: T0 + 50n * MS + BigInt(i) * 100n * MS, size: 1500 }));
  const log = [{ topic: '/log' as const, logTime: T0 + 1000n * MS, size: 40 }];
  return [...imu, ...camera, ...log].sort((a, b) => (a.logTime < b.logTime ? -1 : a.logTime > b.logTime ? 1 : 0));
}

/** Written out of time order: the second second first, then the first, so chunks' time ranges go back and overlap. */
export function outOfOrder(messages: PlannedMessage[]): PlannedMessage[] {
  const late = messages.filter((message) => message.logTime >= T0 + 1000n * MS);
  const early = messages.filter((message) => message.logTime < T0 + 1000n * MS);
  return [...late.reverse(), ...early];
}

/** T0 plus `ms`, as a topic's start or end reads (to the millisecond). */
const atMs = (ms: number) => new Date(Number(T0 / MS) + ms).toISOString();
/** A topic's messages over the recording's span, T0 … T0 + 2.05 s. */
const densityOf = (topic: PlannedMessage['topic']) =>
  exactDensity(
    plannedMessages()
      .filter((message) => message.topic === topic)
      .map((message) => message.logTime),
    T0,
    T0 + 2050n * MS,
  );

export const EXPECTED_TOPICS = [
  {
    topic: '/camera',
    messageType: 'foxglove.CompressedImage',
    encoding: 'protobuf',
    messageCount: 21,
    frequencyHz: 10,
    start: atMs(50),
    end: atMs(2050),
    density: densityOf('/camera'),
  },
  {
    topic: '/imu',
    messageType: 'sensor_msgs/Imu',
    encoding: 'ros1',
    messageCount: 201,
    frequencyHz: 100,
    start: atMs(0),
    end: atMs(2000),
    density: densityOf('/imu'),
  },
  { topic: '/log', messageType: '', encoding: 'json', messageCount: 1, frequencyHz: 0, start: atMs(1000), end: atMs(1000), density: densityOf('/log') },
];

export type Compression = 'none' | 'lz4' | 'zstd';

export async function compressors(): Promise<Record<Compression, McapWriterOptions['compressChunk']>> {
  await zstd.isLoaded;
  return {
    none: undefined,
    lz4: (data) => ({ compression: 'lz4', compressedData: lz4FrameCompress(data) }),
    zstd: (data) => ({ compression: 'zstd', compressedData: new Uint8Array(zstd.compress(data, 3)) }),
  };
}

/** A payload that compresses (repeats within the message), different per message. */
const payload = (size: number, seed: number) => Uint8Array.from({ length: size }, (_, i) => (i % 16) * 7 + (seed & 0xff));

/** Writes `messages` with McapWriter in the given layout, plus an attachment and a metadata record the parser must skip. */
export async function writeMcap(writable: IWritable, messages: PlannedMessage[], options: Omit<McapWriterOptions, 'writable'>): Promise<void> {
  const writer = new McapWriter({ chunkSize: 4096, ...options, writable });
  await writer.start({ profile: 'ros1', library: 'edp-tests' });
  const imuSchema = await writer.registerSchema({ name: 'sensor_msgs/Imu', encoding: 'ros1msg', data: new TextEncoder().encode('float64 x') });
  const imageSchema = await writer.registerSchema({ name: 'foxglove.CompressedImage', encoding: 'protobuf', data: new Uint8Array([1, 2]) });
  const channels = {
    '/imu': await writer.registerChannel({ topic: '/imu', schemaId: imuSchema, messageEncoding: 'ros1', metadata: new Map() }),
    '/camera': await writer.registerChannel({ topic: '/camera', schemaId: imageSchema, messageEncoding: 'protobuf', metadata: new Map() }),
    '/log': await writer.registerChannel({ topic: '/log', schemaId: 0, messageEncoding: 'json', metadata: new Map([['origin', 'test']]) }),
  };
  let sequence = 0;
  for (const message of messages) {
    if (sequence === 100) await writer.addAttachment({ name: 'calibration.yaml', logTime: T0, createTime: T0, mediaType: 'text/yaml', data: payload(5000, 1) });
    const data = payload(message.size, sequence);
    await writer.addMessage({ channelId: channels[message.topic], sequence: sequence++, logTime: message.logTime, publishTime: message.logTime, data });
  }
  await writer.addMetadata({ name: 'robot', metadata: new Map([['id', 'r-1']]) });
  await writer.end();
}

export async function mcapBuffer(messages: PlannedMessage[], options: Omit<McapWriterOptions, 'writable'>): Promise<Uint8Array> {
  const buffer = new TempBuffer();
  await writeMcap(buffer, messages, options);
  return buffer.get();
}

/** An IWritable appending to a file (synchronous writes: test-only). */
export function fileWritable(path: string): IWritable & { close(): void } {
  const fd = openSync(path, 'w');
  let position = 0n;
  return {
    write: async (buffer) => {
      writeSync(fd, buffer);
      position += BigInt(buffer.byteLength);
    },
    position: () => position,
    close: () => closeSync(fd),
  };
}

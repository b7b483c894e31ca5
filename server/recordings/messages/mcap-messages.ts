import { McapIndexedReader, McapStreamReader, type DecompressHandlers, type TypedMcapRecord, type TypedMcapRecords } from '@mcap/core';
import { MAX_READ_BYTES, readExactlyInto, SLICE_BYTES } from '../byte-source';
import { chunkMessages, chunkRecords } from '../mcap-chunk';
import { mcapDecompressHandlers } from '../decompress';
import { readable } from '../mcap-indexed';
import { RecordingParseError, SourceFailure, type ByteSource } from '../summary';
import { yieldToLoop } from '../../yield-to-loop';
import { channelDecoder, type MessageDecoder } from './decoders';
import { clipRange, lazyDecoders, type ClipSeconds, type RecordedMessage, type RecordedTopic, type RecordingMessages } from './recorded-message';

type Channel = TypedMcapRecords['Channel'];
type Schema = TypedMcapRecords['Schema'];

/** Messages handled between two turns of the event loop. */
const MESSAGES_PER_TURN = 4096;

function topicsOf(channels: Iterable<Channel>, schemas: ReadonlyMap<number, Schema>): Map<string, RecordedTopic> {
  const topics = new Map<string, RecordedTopic>();
  for (const channel of channels) {
    if (!topics.has(channel.topic))
      topics.set(channel.topic, { topic: channel.topic, messageType: schemas.get(channel.schemaId)?.name ?? '', messageEncoding: channel.messageEncoding });
  }
  return topics;
}

function decoderFor(channels: ReadonlyMap<number, Channel>, schemas: ReadonlyMap<number, Schema>) {
  return lazyDecoders((id) => {
    const channel = channels.get(id);
    if (!channel) throw new RecordingParseError(`A message refers to channel ${id}, which the file does not define`);
    const schema = schemas.get(channel.schemaId);
    return channelDecoder({
      topic: channel.topic,
      messageEncoding: channel.messageEncoding,
      schemaName: schema?.name ?? '',
      schemaEncoding: schema?.encoding ?? '',
      schemaData: schema?.data ?? new Uint8Array(),
    });
  });
}

type ChunkIndex = TypedMcapRecords['ChunkIndex'];

const byTime = (a: { logTime: bigint }, b: { logTime: bigint }) => (a.logTime < b.logTime ? -1 : a.logTime > b.logTime ? 1 : 0);

/**
 * The asked messages of chunks that follow one another in time (each starts at or after the previous one's end, as a
 * recorder writes them): chunk by chunk, each read, decompressed, checked and walked in place, its messages handed out
 * as they are walked (a chunk whose own messages are out of order is sorted first). Nothing outlives its chunk but the
 * messages the caller keeps; McapIndexedReader would first list every message of a chunk from its message index, and
 * read each chunk into fresh memory.
 */
async function* sequentialMessages(
  source: ByteSource,
  chunks: ChunkIndex[],
  wanted: ReadonlySet<number>,
  [from, to]: [bigint, bigint],
  decompressHandlers: DecompressHandlers,
  decoder: (id: number) => MessageDecoder,
  channels: ReadonlyMap<number, Channel>,
): AsyncGenerator<RecordedMessage, void, void> {
  // One buffer for every chunk read, of the largest one's size: fresh memory for each chunk is what the process would
  // hold until the collector runs. An uncompressed chunk's payloads are views of it, so they are copied as handed out.
  const largest = Math.max(0, ...chunks.map((chunk) => Number(chunk.chunkLength)));
  if (largest > MAX_READ_BYTES) throw new RecordingParseError(`A chunk of ${largest} bytes is larger than any this reader accepts`);
  const buffer = new Uint8Array(largest);
  for (const chunk of chunks) {
    const record = await readExactlyInto(source, Number(chunk.chunkStartOffset), buffer.subarray(0, Number(chunk.chunkLength)));
    const records = chunkRecords(record, decompressHandlers);
    const inBuffer = records.buffer === buffer.buffer;
    let previous = -1n;
    let ordered = true;
    for (const message of chunkMessages(records)) {
      if (message.logTime < previous) ordered = false;
      previous = message.logTime;
    }
    const messages = chunkMessages(records);
    const inOrder = ordered ? messages : [...messages].sort(byTime);
    let handed = 0;
    for (const { channelId, logTime, data } of inOrder) {
      if (!wanted.has(channelId) || logTime < from || logTime > to) continue;
      yield { topic: channels.get(channelId)!.topic, logTime, data: inBuffer ? data.slice() : data, decode: decoder(channelId) };
      if (++handed % MESSAGES_PER_TURN === 0) await yieldToLoop();
    }
  }
}

/**
 * A file with chunk indexes: only the chunks that overlap the asked range and hold an asked channel are read. Where
 * those follow one another in time, they are walked one by one (sequentialMessages); where they overlap,
 * McapIndexedReader merges them in log-time order. Memory holds the chunks being read.
 */
function indexedMessages(source: ByteSource, indexed: McapIndexedReader, decompressHandlers: DecompressHandlers): RecordingMessages {
  const starts = indexed.chunkIndexes.map((chunk) => chunk.messageStartTime);
  const ends = indexed.chunkIndexes.map((chunk) => chunk.messageEndTime);
  const start = starts.reduce((min, time) => (time < min ? time : min));
  const end = ends.reduce((max, time) => (time > max ? time : max));
  const decoder = decoderFor(indexed.channelsById, indexed.schemasById);
  return {
    format: 'mcap',
    start,
    end,
    topics: topicsOf(indexed.channelsById.values(), indexed.schemasById),
    async *messages(topics: readonly string[], clip?: ClipSeconds) {
      const { from, to } = clipRange(start, end, clip);
      const wanted = new Set([...indexed.channelsById.values()].filter((channel) => topics.includes(channel.topic)).map((channel) => channel.id));
      const chunks = indexed.chunkIndexes
        .filter((chunk) => chunk.messageEndTime >= from && chunk.messageStartTime <= to && [...chunk.messageIndexOffsets.keys()].some((id) => wanted.has(id)))
        .sort((a, b) => (a.messageStartTime < b.messageStartTime ? -1 : a.messageStartTime > b.messageStartTime ? 1 : 0));
      if (chunks.every((chunk, i) => i === 0 || chunk.messageStartTime >= chunks[i - 1]!.messageEndTime)) {
        yield* sequentialMessages(source, chunks, wanted, [from, to], decompressHandlers, decoder, indexed.channelsById);
        return;
      }
      let read = 0;
      for await (const message of indexed.readMessages({ topics, startTime: from, endTime: to, validateCrcs: true })) {
        const channel = indexed.channelsById.get(message.channelId)!;
        yield { topic: channel.topic, logTime: message.logTime, data: message.data, decode: decoder(message.channelId) };
        if (++read % MESSAGES_PER_TURN === 0) await yieldToLoop();
      }
    },
  };
}

/**
 * Every record of the file through McapStreamReader, slice by slice into one reused buffer (the reader copies what it
 * keeps): memory holds a slice and the record being completed (a chunk, decompressed), never the file.
 */
async function* streamRecords(source: ByteSource, decompressHandlers: DecompressHandlers): AsyncGenerator<TypedMcapRecord, void, void> {
  const reader = new McapStreamReader({ decompressHandlers, validateCrcs: true });
  const slice = new Uint8Array(Math.min(SLICE_BYTES, source.size));
  let handed = 0;
  for (let offset = 0; offset < source.size; offset += SLICE_BYTES) {
    reader.append(await readExactlyInto(source, offset, slice.subarray(0, Math.min(SLICE_BYTES, source.size - offset))));
    for (let record; (record = reader.nextRecord());) {
      yield record;
      if (++handed % MESSAGES_PER_TURN === 0) await yieldToLoop();
    }
    // The reader keeps what it cannot parse yet: a corrupt record length would have it buffer the rest of the file.
    if (reader.bytesRemaining() > MAX_READ_BYTES) throw new RecordingParseError(`A record is larger than ${MAX_READ_BYTES} bytes: its length is corrupt`);
  }
  if (!reader.done()) throw new RecordingParseError('The file ends before the MCAP footer: it is truncated');
}

/**
 * A file without chunk indexes (written unchunked, or its summary left out): streamed twice, once for its channels and
 * span, once for the messages. Its messages are taken in file order, which must be log-time order: there is no index to
 * merge by, and holding the file to sort it is what the streaming path exists to avoid.
 */
async function streamedMessages(source: ByteSource, decompressHandlers: DecompressHandlers): Promise<RecordingMessages> {
  const channels = new Map<number, Channel>();
  const schemas = new Map<number, Schema>();
  let start: bigint | undefined;
  let end: bigint | undefined;
  for await (const record of streamRecords(source, decompressHandlers)) {
    if (record.type === 'Schema' && !schemas.has(record.id)) schemas.set(record.id, record);
    else if (record.type === 'Channel' && !channels.has(record.id)) channels.set(record.id, record);
    else if (record.type === 'Message') {
      if (start === undefined || record.logTime < start) start = record.logTime;
      if (end === undefined || record.logTime > end) end = record.logTime;
    }
  }
  if (start === undefined || end === undefined) throw new RecordingParseError('The recording holds no messages');
  const [first, last] = [start, end];
  const decoder = decoderFor(channels, schemas);
  return {
    format: 'mcap',
    start: first,
    end: last,
    topics: topicsOf(channels.values(), schemas),
    async *messages(topics: readonly string[], clip?: ClipSeconds) {
      const { from, to } = clipRange(first, last, clip);
      const wanted = new Set(topics);
      let previous = -1n;
      for await (const record of streamRecords(source, decompressHandlers)) {
        if (record.type !== 'Message') continue;
        if (record.logTime < previous)
          throw new RecordingParseError('The file has no chunk index and its messages are out of log-time order: index it first (`mcap recover`)');
        previous = record.logTime;
        if (record.logTime > to) return;
        const channel = channels.get(record.channelId);
        if (!channel || !wanted.has(channel.topic) || record.logTime < from) continue;
        yield { topic: channel.topic, logTime: record.logTime, data: record.data, decode: decoder(record.channelId) };
      }
    },
  };
}

/** An .mcap file opened for its messages: by its chunk indexes when it has them, else streamed. */
export async function mcapMessages(source: ByteSource): Promise<RecordingMessages> {
  const decompressHandlers = await mcapDecompressHandlers();
  let indexed: McapIndexedReader | undefined;
  try {
    indexed = await McapIndexedReader.Initialize({ readable: readable(source), decompressHandlers });
  } catch (error) {
    if (error instanceof SourceFailure) throw error;
    indexed = undefined; // no summary (or none that can be trusted): the file is streamed
  }
  return indexed && indexed.chunkIndexes.length > 0 ? indexedMessages(source, indexed, decompressHandlers) : streamedMessages(source, decompressHandlers);
}

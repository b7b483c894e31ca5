import { McapIndexedReader, McapRecordBuilder, McapStreamReader, type DecompressHandlers, type IReadable } from '@mcap/core';
import { MAX_READ_BYTES, readExactly, readExactlyInto, SLICE_BYTES } from './byte-source';
import { walkChunk } from './mcap-chunk';
import { McapTally } from './mcap-records';
import { RecordingParseError, type ByteSource } from './summary';
import { yieldToLoop } from '../yield-to-loop';

/** @mcap/core's random-access reader over a ByteSource, each read checked for range and length. */
export const readable = (source: ByteSource): IReadable => ({
  size: async () => BigInt(source.size),
  read: (offset, size) => readExactly(source, Number(offset), Number(size)),
});

/** The `length` bytes at `offset`, read slice by slice (a recorder's chunk is a few MiB) into the start of `buffer`. */
async function readRecord(source: ByteSource, offset: number, length: number, buffer: Uint8Array): Promise<Uint8Array> {
  const record = buffer.subarray(0, length);
  for (let at = 0; at < length; at += SLICE_BYTES) {
    await readExactlyInto(source, offset + at, record.subarray(at, Math.min(length, at + SLICE_BYTES)));
    await yieldToLoop();
  }
  return record;
}

/**
 * A file with a summary: McapIndexedReader reads the summary by random access, then every chunk its chunk indexes name
 * is read (in slices, in file order), CRC-checked and walked (walkChunk). The Statistics record's counts alone cannot
 * give each topic's span (for its frequency) nor catch a corrupt chunk, so it is the cross-check, not the source.
 * Undefined when the summary cannot drive the read (no chunk indexes, no channels, or Statistics counting messages
 * the chunks do not hold, i.e. messages outside chunks): the caller then streams the whole file.
 */
export async function readIndexed(source: ByteSource, decompressHandlers: DecompressHandlers): Promise<McapTally | undefined> {
  const indexed = await McapIndexedReader.Initialize({ readable: readable(source), decompressHandlers });
  if (indexed.chunkIndexes.length === 0 || indexed.channelsById.size === 0) return undefined;
  // One reader for the definitions of all chunks, primed with the summary's schemas and channels: a chunk's messages
  // may use a channel whose record is in an earlier chunk, or only in the summary.
  const definitions = new McapStreamReader({ noMagicPrefix: true });
  const tally = new McapTally();
  const prime = new McapRecordBuilder();
  for (const schema of indexed.schemasById.values()) prime.writeSchema(schema);
  for (const channel of indexed.channelsById.values()) prime.writeChannel(channel);
  definitions.append(prime.buffer);
  for (let record; (record = definitions.nextRecord());) tally.take(record);
  const chunks = [...indexed.chunkIndexes].sort((a, b) => (a.chunkStartOffset < b.chunkStartOffset ? -1 : a.chunkStartOffset > b.chunkStartOffset ? 1 : 0));
  // One buffer for every chunk, of the largest one's size: fresh memory for each chunk costs more than reading it.
  const largest = Math.max(...chunks.map((chunk) => Number(chunk.chunkLength)));
  if (largest > MAX_READ_BYTES) throw new RecordingParseError(`A chunk of ${largest} bytes is larger than any this parser accepts`);
  const last = chunks.at(-1)!;
  if (Number(last.chunkStartOffset + last.chunkLength) > source.size)
    throw new RecordingParseError('A chunk index points past the end of the file: it is truncated');
  const buffer = new Uint8Array(largest);
  for (const chunk of chunks) {
    const record = await readRecord(source, Number(chunk.chunkStartOffset), Number(chunk.chunkLength), buffer);
    await walkChunk(record, tally, definitions, decompressHandlers);
  }
  return indexed.statistics && indexed.statistics.messageCount !== BigInt(tally.total) ? undefined : tally;
}

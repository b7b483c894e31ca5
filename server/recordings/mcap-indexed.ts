import { McapIndexedReader, McapRecordBuilder, McapStreamReader, type DecompressHandlers, type IReadable } from '@mcap/core';
import { readExactly } from './byte-source';
import { McapTally, feedRange } from './mcap-records';
import { RecordingParseError, type ByteSource } from './summary';

const readable = (source: ByteSource): IReadable => ({
  size: async () => BigInt(source.size),
  read: (offset, size) => readExactly(source, Number(offset), Number(size)),
});

/**
 * A file with a summary: McapIndexedReader reads the summary by random access, then every chunk its chunk indexes name
 * is read (in slices, in file order) and walked, CRC-checked. The Statistics record's counts alone cannot give each
 * topic's span (for its frequency) nor catch a corrupt chunk, so it is the cross-check, not the source.
 * Undefined when the summary cannot drive the read (no chunk indexes, no channels, or Statistics counting messages
 * the chunks do not hold, i.e. messages outside chunks): the caller then streams the whole file.
 */
export async function readIndexed(source: ByteSource, decompressHandlers: DecompressHandlers): Promise<McapTally | undefined> {
  const indexed = await McapIndexedReader.Initialize({ readable: readable(source), decompressHandlers });
  if (indexed.chunkIndexes.length === 0 || indexed.channelsById.size === 0) return undefined;
  // One reader for all chunks, primed with the summary's schemas and channels: a chunk's messages may use a channel
  // whose record is in an earlier chunk, or only in the summary.
  const reader = new McapStreamReader({ noMagicPrefix: true, includeChunks: true, decompressHandlers, validateCrcs: true });
  const tally = new McapTally();
  const prime = new McapRecordBuilder();
  for (const schema of indexed.schemasById.values()) prime.writeSchema(schema);
  for (const channel of indexed.channelsById.values()) prime.writeChannel(channel);
  reader.append(prime.buffer);
  for (let record; (record = reader.nextRecord());) tally.take(record);
  const chunks = [...indexed.chunkIndexes].sort((a, b) => (a.chunkStartOffset < b.chunkStartOffset ? -1 : a.chunkStartOffset > b.chunkStartOffset ? 1 : 0));
  for (const chunk of chunks) {
    const before = tally.chunks;
    await feedRange(source, reader, [Number(chunk.chunkStartOffset), Number(chunk.chunkStartOffset + chunk.chunkLength)], tally);
    if (tally.chunks !== before + 1 || reader.bytesRemaining() !== 0) {
      throw new RecordingParseError(`The chunk index points at offset ${chunk.chunkStartOffset}, where there is no whole chunk of ${chunk.chunkLength} bytes`);
    }
  }
  return indexed.statistics && indexed.statistics.messageCount !== BigInt(tally.total) ? undefined : tally;
}

import { crc32 } from 'node:zlib';
import { McapStreamReader, Opcode, type DecompressHandlers } from '@mcap/core';
import { readExactly } from './byte-source';
import { McapTally, feedRange } from './mcap-records';
import { RecordingParseError, type ByteSource } from './summary';

/** A DataEnd record as writers write it: opcode, content length 4, the CRC. */
const DATA_END_BYTES = 1 + 8 + 4;

/** Where the data section (which the DataEnd CRC covers) ends, if a plain DataEnd record ends at `dataEnd`; else undefined. */
async function dataSectionEnd(source: ByteSource, dataEnd: number): Promise<number | undefined> {
  if (dataEnd < DATA_END_BYTES) return undefined;
  const bytes = await readExactly(source, dataEnd - DATA_END_BYTES, DATA_END_BYTES);
  const record = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return record.getUint8(0) === Opcode.DATA_END && record.getBigUint64(1, true) === 4n ? dataEnd - DATA_END_BYTES : undefined;
}

/**
 * The whole file through McapStreamReader, slice by slice: for files without a summary or without chunk indexes.
 * Memory holds one slice and the record being completed (a chunk, decompressed), never the file. Chunks are CRC-checked
 * by the reader; messages outside chunks by the DataEnd record's CRC of the data section, which ends where the summary
 * (or, without one, the footer) starts: `dataEnd`.
 */
export async function streamMcap(source: ByteSource, decompressHandlers: DecompressHandlers, dataEnd: number): Promise<McapTally> {
  const crcEnd = await dataSectionEnd(source, dataEnd);
  let crc = 0;
  const reader = new McapStreamReader({ decompressHandlers, validateCrcs: true });
  const tally = new McapTally();
  await feedRange(source, reader, [0, source.size], tally, (bytes, offset) => {
    if (crcEnd !== undefined && offset < crcEnd) crc = crc32(bytes.subarray(0, crcEnd - offset), crc);
  });
  if (!reader.done()) throw new RecordingParseError('The file ends before the MCAP footer: it is truncated');
  if (crcEnd !== undefined && tally.dataSectionCrc && tally.dataSectionCrc !== crc) {
    throw new RecordingParseError(`The data section's CRC is ${crc}, its DataEnd record says ${tally.dataSectionCrc}: the file is corrupt`);
  }
  if (tally.statisticsCount !== undefined && tally.statisticsCount !== BigInt(tally.total)) {
    throw new RecordingParseError(`The Statistics record counts ${tally.statisticsCount} messages, the file holds ${tally.total}`);
  }
  return tally;
}

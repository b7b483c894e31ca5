import { MCAP_MAGIC, Opcode } from '@mcap/core';
import { readExactly } from './byte-source';
import { mcapDecompressHandlers } from './decompress';
import { readIndexed } from './mcap-indexed';
import { streamMcap } from './mcap-stream';
import { RecordingParseError, type ByteSource, type RecordingSummary } from './summary';

/** Footer record (opcode, length, summary start, summary offset start, CRC) and the trailing magic. */
const TAIL_BYTES = 1 + 8 + 8 + 8 + 4 + MCAP_MAGIC.length;

const isMagic = (bytes: Uint8Array) => MCAP_MAGIC.every((byte, i) => bytes[i] === byte);

/**
 * An .mcap file: by its summary when it has one (readIndexed), else streamed (streamMcap).
 * A file without the trailing magic is truncated (or its writer died): refused, as the spec gives it no footer to trust.
 */
export async function parseMcap(source: ByteSource): Promise<RecordingSummary> {
  if (source.size < MCAP_MAGIC.length + TAIL_BYTES) throw new RecordingParseError(`${source.size} bytes are too few for an MCAP file`);
  if (!isMagic(await readExactly(source, 0, MCAP_MAGIC.length))) throw new RecordingParseError('The file does not start with the MCAP magic');
  const tail = await readExactly(source, source.size - TAIL_BYTES, TAIL_BYTES);
  if (!isMagic(tail.subarray(TAIL_BYTES - MCAP_MAGIC.length))) {
    throw new RecordingParseError('The file does not end with the MCAP magic: it is truncated, or its writer never finished it');
  }
  const footer = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
  if (footer.getUint8(0) !== Opcode.FOOTER) throw new RecordingParseError('The file does not end with an MCAP footer');
  const summaryStart = Number(footer.getBigUint64(1 + 8, true));
  const decompressHandlers = await mcapDecompressHandlers();
  const indexed = summaryStart > 0 ? await readIndexed(source, decompressHandlers) : undefined;
  const tally = indexed ?? (await streamMcap(source, decompressHandlers, summaryStart || source.size - TAIL_BYTES));
  return tally.summarize();
}

import { crc32 } from 'node:zlib';
import { isKnownOpcode, Opcode, type DecompressHandlers, type McapStreamReader } from '@mcap/core';
import type { McapTally } from './mcap-records';
import { RecordingParseError } from './summary';
import { yieldToLoop } from '../yield-to-loop';

/** Records handled between two turns of the event loop. */
const RECORDS_PER_TURN = 4096;
/** opcode (1) + record length (8) */
const RECORD_PREFIX = 9;

/** Reads the MCAP spec's little-endian fields of one record, refusing any that would run past its end. */
class Fields {
  private readonly view: DataView;
  constructor(
    private readonly bytes: Uint8Array,
    public at = 0,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  private need(length: number): number {
    if (this.at + length > this.bytes.byteLength) throw new RecordingParseError('A chunk record ends before its fields do: the file is corrupt');
    const at = this.at;
    this.at += length;
    return at;
  }
  u8 = () => this.view.getUint8(this.need(1));
  u16 = () => this.view.getUint16(this.need(2), true);
  u32 = () => this.view.getUint32(this.need(4), true);
  u64 = () => this.view.getBigUint64(this.need(8), true);
  /** A length field, as a number no larger than what is left. */
  length = (read: () => number | bigint) => {
    const length = Number(read());
    if (length > this.bytes.byteLength - this.at) throw new RecordingParseError('A chunk record claims more bytes than it holds: the file is corrupt');
    return length;
  };
  take = (length: number) => this.bytes.subarray(this.need(length), this.at);
}

/**
 * The records a whole Chunk record (opcode included, as a chunk index names it) holds: decompressed, and its CRC checked
 * with zlib's crc32.
 */
export function chunkRecords(record: Uint8Array, decompressHandlers: DecompressHandlers): Uint8Array {
  const chunk = new Fields(record);
  if (chunk.u8() !== Opcode.CHUNK) throw new RecordingParseError('A chunk index points at a record that is not a chunk');
  if (chunk.length(chunk.u64) !== record.byteLength - RECORD_PREFIX) throw new RecordingParseError('A chunk’s length differs from its index’s');
  chunk.u64(); // message start time: the messages' own times are counted
  chunk.u64(); // message end time
  const uncompressedSize = chunk.u64();
  const uncompressedCrc = chunk.u32();
  const compression = new TextDecoder().decode(chunk.take(chunk.length(chunk.u32)));
  const compressed = chunk.take(chunk.length(chunk.u64));
  let records = compressed;
  if (compression !== '' && compressed.byteLength > 0) {
    const decompress = decompressHandlers[compression];
    if (!decompress) throw new RecordingParseError(`A chunk is compressed with ${compression}, which this parser does not read`);
    records = decompress(compressed, uncompressedSize);
  }
  if (uncompressedCrc !== 0 && crc32(records) !== uncompressedCrc)
    throw new RecordingParseError(`A chunk's CRC is not ${uncompressedCrc}: the file is corrupt`);
  return records;
}

/**
 * One whole Chunk record, decompressed and checked (chunkRecords), its records walked in place. A message is counted
 * from its channel and log time without copying its payload (McapStreamReader copies every payload and checks CRCs in
 * JavaScript: three passes over the file instead of one); Schema and Channel records go through `definitions`,
 * @mcap/core's own reader, into the tally.
 */
export async function walkChunk(record: Uint8Array, tally: McapTally, definitions: McapStreamReader, decompressHandlers: DecompressHandlers): Promise<void> {
  await walkRecords(chunkRecords(record, decompressHandlers), tally, definitions);
}

/** opcode (1) + record length (8) + channel id (2) + sequence (4) + log time (8) + publish time (8) */
const MESSAGE_HEADER = RECORD_PREFIX + 2 + 4 + 8 + 8;

/**
 * The Message records of a chunk's records, in their order, each payload in place (a view, not a copy). Read straight
 * from a DataView: this runs once per message, where a Fields reader per record would cost more than the message.
 */
export function* chunkMessages(records: Uint8Array): Generator<{ channelId: number; logTime: bigint; data: Uint8Array }, void, void> {
  const view = new DataView(records.buffer, records.byteOffset, records.byteLength);
  for (let at = 0; at < records.byteLength;) {
    if (at + RECORD_PREFIX > records.byteLength) throw new RecordingParseError('A chunk record is cut short: the file is corrupt');
    const end = at + RECORD_PREFIX + Number(view.getBigUint64(at + 1, true));
    if (end > records.byteLength) throw new RecordingParseError('A chunk record claims more bytes than it holds: the file is corrupt');
    if (view.getUint8(at) === Opcode.MESSAGE) {
      if (at + MESSAGE_HEADER > end) throw new RecordingParseError('A chunk record ends before its fields do: the file is corrupt');
      yield {
        channelId: view.getUint16(at + RECORD_PREFIX, true),
        logTime: view.getBigUint64(at + RECORD_PREFIX + 6, true),
        data: records.subarray(at + MESSAGE_HEADER, end),
      };
    }
    at = end;
  }
}

async function walkRecords(records: Uint8Array, tally: McapTally, definitions: McapStreamReader): Promise<void> {
  const fields = new Fields(records);
  for (let walked = 1; fields.at < records.byteLength; walked++) {
    const start = fields.at;
    const opcode = fields.u8();
    const content = new Fields(fields.take(fields.length(fields.u64)));
    if (opcode === Opcode.MESSAGE) {
      const channelId = content.u16();
      content.u32(); // sequence
      const logTime = content.u64();
      content.u64(); // publish time: read, so a record too short to hold it is refused
      tally.add(channelId, logTime);
    } else if (opcode === Opcode.SCHEMA || opcode === Opcode.CHANNEL) {
      definitions.append(records.subarray(start, fields.at));
      for (let definition; (definition = definitions.nextRecord());) tally.take(definition);
    } else if (isKnownOpcode(opcode)) {
      throw new RecordingParseError(`A chunk holds a record (opcode ${opcode}) that is not allowed inside a chunk`);
    } // unknown opcodes are skipped, as the spec asks of readers
    if (walked % RECORDS_PER_TURN === 0) await yieldToLoop();
  }
}

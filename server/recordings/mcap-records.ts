import type { McapStreamReader, TypedMcapRecord } from '@mcap/core';
import { forEachSlice, MAX_READ_BYTES } from './byte-source';
import { RecordingParseError, type ByteSource, type RecordingSummary } from './summary';
import { yieldToLoop } from '../yield-to-loop';
import { Tally } from './tally';

/** Records handled between two turns of the event loop: a large decompressed chunk is walked in bursts. */
const RECORDS_PER_TURN = 4096;

/** What the MCAP records read so far say: channels (named by their schemas), messages, and the Statistics record if any. */
export class McapTally extends Tally {
  /** Schema names, and each channel's schema id: resolved at the end, as the summary may name a channel before any schema. */
  readonly schemaNames = new Map<number, string>();
  readonly channelSchemas = new Map<number, number>();
  statisticsCount: bigint | undefined;
  /** The DataEnd record's CRC of the data section (0: not computed by the writer). */
  dataSectionCrc: number | undefined;

  take(record: TypedMcapRecord): void {
    switch (record.type) {
      case 'Schema':
        if (!this.schemaNames.has(record.id)) this.schemaNames.set(record.id, record.name);
        break;
      case 'Channel':
        this.define(record.id, record.topic, '', record.messageEncoding);
        if (!this.channelSchemas.has(record.id)) this.channelSchemas.set(record.id, record.schemaId);
        break;
      case 'Message':
        this.add(record.channelId, record.logTime);
        break;
      case 'DataEnd':
        this.dataSectionCrc = record.dataSectionCrc;
        break;
      case 'Statistics':
        this.statisticsCount = record.messageCount;
        break;
      default:
        break;
    }
  }

  override summarize(): RecordingSummary {
    for (const [id, seen] of this.channels) seen.messageType = this.schemaNames.get(this.channelSchemas.get(id) ?? 0) ?? '';
    return super.summarize('mcap');
  }
}

/** Appends the bytes [start, end) to `reader` slice by slice, giving every record it completes to `tally` (and each slice to `observe`). */
export async function feedRange(
  source: ByteSource,
  reader: McapStreamReader,
  [start, end]: [number, number],
  tally: McapTally,
  observe?: (bytes: Uint8Array, offset: number) => void,
): Promise<void> {
  let offset = start;
  await forEachSlice(source, start, end, async (bytes) => {
    observe?.(bytes, offset);
    offset += bytes.byteLength;
    reader.append(bytes);
    let taken = 0;
    for (let record; (record = reader.nextRecord());) {
      tally.take(record);
      if (++taken % RECORDS_PER_TURN === 0) await yieldToLoop();
    }
    // The reader keeps what it cannot parse yet: a corrupt record length would have it buffer the rest of the file.
    if (reader.bytesRemaining() > MAX_READ_BYTES) throw new RecordingParseError(`A record is larger than ${MAX_READ_BYTES} bytes: its length is corrupt`);
  });
}

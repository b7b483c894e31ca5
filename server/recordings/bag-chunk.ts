import { RecordingParseError } from './summary';

/** Op codes of the records a ROS bag 2.0 chunk holds. */
const MESSAGE_DATA = 2;
const CONNECTION = 7;

const corrupt = (what: string) => new RecordingParseError(`A bag chunk is corrupt: ${what}`);

/** A record header: name=value fields, each prefixed by its little-endian u32 length. */
function headerFields(bytes: Uint8Array): Map<string, Uint8Array> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const fields = new Map<string, Uint8Array>();
  for (let offset = 0; offset < bytes.byteLength;) {
    if (offset + 4 > bytes.byteLength) throw corrupt('a header field is cut short');
    const end = offset + 4 + view.getUint32(offset, true);
    if (end > bytes.byteLength) throw corrupt('a header field runs past its header');
    const field = bytes.subarray(offset + 4, end);
    const equals = field.indexOf(0x3d);
    if (equals < 0) throw corrupt('a header field has no "="');
    fields.set(String.fromCharCode(...field.subarray(0, equals)), field.subarray(equals + 1));
    offset = end;
  }
  return fields;
}

function fixed(fields: Map<string, Uint8Array>, name: string, length: number): DataView {
  const value = fields.get(name);
  if (value?.byteLength !== length) throw corrupt(`a message record's "${name}" field is not ${length} bytes`);
  return new DataView(value.buffer, value.byteOffset, length);
}

/** ROS time (u32 seconds, u32 nanoseconds) as nanoseconds. */
export const rosTimeNs = (sec: number, nsec: number) => BigInt(sec) * 1_000_000_000n + BigInt(nsec);

/**
 * Every record of a decompressed chunk, which must be message data or connections and fill the chunk exactly; each
 * message's connection id, time and offset in the chunk go to `onMessage`. (A bag has no checksums: payloads go unchecked.)
 */
export function walkChunk(data: Uint8Array, onMessage: (conn: number, time: bigint, offset: number) => void): void {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (let offset = 0; offset < data.byteLength;) {
    if (offset + 4 > data.byteLength) throw corrupt('a record is cut short');
    const headerEnd = offset + 4 + view.getUint32(offset, true);
    if (headerEnd + 4 > data.byteLength) throw corrupt('a record header runs past the chunk');
    const fields = headerFields(data.subarray(offset + 4, headerEnd));
    const end = headerEnd + 4 + view.getUint32(headerEnd, true);
    if (end > data.byteLength) throw corrupt('a record runs past the chunk');
    const op = fields.get('op');
    if (op?.byteLength !== 1 || (op[0] !== MESSAGE_DATA && op[0] !== CONNECTION)) throw corrupt('it holds a record that is neither a message nor a connection');
    if (op[0] === MESSAGE_DATA) {
      const time = fixed(fields, 'time', 8);
      onMessage(fixed(fields, 'conn', 4).getUint32(0, true), rosTimeNs(time.getUint32(0, true), time.getUint32(4, true)), offset);
    }
    offset = end;
  }
}

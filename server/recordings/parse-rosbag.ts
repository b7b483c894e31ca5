import { Bag, type Filelike } from '@foxglove/rosbag';
import { readCheckedChunk } from './bag-check';
import { rosTimeNs } from './bag-chunk';
import { readExactly } from './byte-source';
import { bagDecompress } from './decompress';
import { RecordingParseError, type ByteSource, type RecordingSummary } from './summary';
import { yieldToLoop } from '../yield-to-loop';
import { Tally } from './tally';

/**
 * The reader @foxglove/rosbag wants. It reads its header with a fixed read-ahead, so reads past the end are cut short;
 * and it slices record data out of `bytes.buffer` by offset, beyond the view it was given, so each read gets an
 * ArrayBuffer of its own (a pooled or shared one would hand it bytes that are not the file's).
 */
export const filelike = (source: ByteSource): Filelike => ({
  size: () => source.size,
  async read(offset, length) {
    const bytes = await readExactly(source, offset, Math.min(length, source.size - offset));
    return bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.byteLength ? bytes : new Uint8Array(bytes); // (Buffer#slice would not copy)
  },
});

/**
 * A ROS1 bag (format 2.0) through @foxglove/rosbag: connections and chunk infos from its index, then every chunk read,
 * decompressed (bz2, lz4) and checked (readCheckedChunk). Start and end are the min and max over all chunk infos
 * (Bag.startTime/endTime are the first chunk's start and the last one's end, wrong when chunks are out of time order);
 * counts are the chunk infos' per-connection counts (checked against each chunk), summed per topic over its connections;
 * a topic's span, for its frequency, is from its messages' times.
 */
export async function parseBag(source: ByteSource): Promise<RecordingSummary> {
  const decompress = await bagDecompress();
  const bag = new Bag(filelike(source), { decompress, parse: false });
  await bag.open();
  if (!bag.header?.indexPosition) throw new RecordingParseError('The bag has no index (its recorder never closed it): `rosbag reindex` it first');
  const tally = new Tally();
  for (const connection of bag.connections.values()) tally.define(connection.conn, connection.topic, connection.type ?? '', 'ros1');
  let span: { start: bigint; end: bigint } | undefined;
  for (const info of bag.chunkInfos) {
    const [start, end] = [rosTimeNs(info.startTime.sec, info.startTime.nsec), rosTimeNs(info.endTime.sec, info.endTime.nsec)];
    span = { start: span && span.start < start ? span.start : start, end: span && span.end > end ? span.end : end };
    await readCheckedChunk(bag, info, decompress, tally);
    await yieldToLoop();
  }
  return tally.summarize('bag', span);
}

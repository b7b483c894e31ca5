import type { Bag } from '@foxglove/rosbag';
import { rosTimeNs, walkChunk } from './bag-chunk';
import type { BagDecompress } from './decompress';
import { RecordingParseError } from './summary';
import type { Tally } from './tally';

type ChunkInfo = Bag['chunkInfos'][number];

/**
 * Reads one chunk with the index records after it (BagReader.readChunk decompresses it), walks its messages into
 * `tally`, and checks them against the chunk info (per-connection counts, time span) and the index (every entry a
 * message at that offset with that time): a corrupt chunk fails here instead of yielding a wrong summary.
 */
export async function readCheckedChunk(bag: Bag, info: ChunkInfo, decompress: BagDecompress, tally: Tally): Promise<void> {
  const where = `the chunk at offset ${info.chunkPosition}`;
  const { chunk, indices } = await bag.reader.readChunk(info, decompress);
  if (chunk.data?.byteLength !== chunk.size) throw new RecordingParseError(`${where} holds ${chunk.data?.byteLength} bytes, not its declared ${chunk.size}`);
  const [first, last] = [rosTimeNs(info.startTime.sec, info.startTime.nsec), rosTimeNs(info.endTime.sec, info.endTime.nsec)];
  const counts = new Map<number, number>();
  const messages = new Set<string>();
  walkChunk(chunk.data, (conn, time, offset) => {
    if (time < first || time > last) throw new RecordingParseError(`A message in ${where} lies outside the chunk's time span`);
    tally.add(conn, time);
    counts.set(conn, (counts.get(conn) ?? 0) + 1);
    messages.add(`${conn}@${offset}:${time}`);
  });
  const declared = new Map(info.connections.map(({ conn, count }) => [conn, count]));
  if (declared.size !== counts.size || [...counts].some(([conn, count]) => declared.get(conn) !== count)) {
    throw new RecordingParseError(`${where} does not hold the messages its chunk info counts`);
  }
  for (const index of indices) {
    for (const { time, offset } of index.indices ?? []) {
      if (!messages.has(`${index.conn}@${offset}:${rosTimeNs(time.sec, time.nsec)}`))
        throw new RecordingParseError(`The index of ${where} names a message it does not hold`);
    }
  }
  if (indices.reduce((sum, index) => sum + index.count, 0) !== messages.size)
    throw new RecordingParseError(`The index of ${where} does not count its messages`);
}

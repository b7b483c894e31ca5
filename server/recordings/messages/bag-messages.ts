import { Bag } from '@foxglove/rosbag';
import { rosTimeNs } from '../bag-chunk';
import { bagDecompress } from '../decompress';
import { filelike } from '../parse-rosbag';
import { RecordingParseError, type ByteSource } from '../summary';
import { yieldToLoop } from '../../yield-to-loop';
import { channelDecoder } from './decoders';
import { clipRange, lazyDecoders, type ClipSeconds, type RecordedTopic, type RecordingMessages } from './recorded-message';

/** Messages handled between two turns of the event loop. */
const MESSAGES_PER_TURN = 4096;

const NS = 1_000_000_000n;
const rosTime = (ns: bigint) => ({ sec: Number(ns / NS), nsec: Number(ns % NS) });

/**
 * A ROS 1 bag opened for its messages: @foxglove/rosbag's forward iterator reads the chunks that hold the asked topics
 * from the clip's start, merging chunks in time order (they may overlap), decompressed with the parsers' handlers. Each
 * connection's messages are decoded by its own message definition (a topic may have several publishers). The span is
 * the chunk infos' (Bag.startTime/endTime are the first and last chunk's, wrong when chunks are out of time order).
 */
export async function bagMessages(source: ByteSource): Promise<RecordingMessages> {
  const decompress = await bagDecompress();
  const bag = new Bag(filelike(source), { decompress, parse: false });
  await bag.open();
  if (!bag.header?.indexPosition) throw new RecordingParseError('The bag has no index (its recorder never closed it): `rosbag reindex` it first');
  if (bag.chunkInfos.length === 0) throw new RecordingParseError('The recording holds no messages');
  const starts = bag.chunkInfos.map((info) => rosTimeNs(info.startTime.sec, info.startTime.nsec));
  const ends = bag.chunkInfos.map((info) => rosTimeNs(info.endTime.sec, info.endTime.nsec));
  const start = starts.reduce((min, time) => (time < min ? time : min));
  const end = ends.reduce((max, time) => (time > max ? time : max));
  const topics = new Map<string, RecordedTopic>();
  for (const connection of bag.connections.values()) {
    if (!topics.has(connection.topic)) topics.set(connection.topic, { topic: connection.topic, messageType: connection.type ?? '', messageEncoding: 'ros1' });
  }
  const decoder = lazyDecoders((id) => {
    const connection = bag.connections.get(id);
    if (!connection) throw new RecordingParseError(`A message refers to connection ${id}, which the bag does not define`);
    return channelDecoder({
      topic: connection.topic,
      messageEncoding: 'ros1',
      schemaName: connection.type ?? '',
      schemaEncoding: 'ros1msg',
      schemaData: new TextEncoder().encode(connection.messageDefinition),
    });
  });
  return {
    format: 'bag',
    start,
    end,
    topics,
    async *messages(wanted: readonly string[], clip?: ClipSeconds) {
      const { from, to } = clipRange(start, end, clip);
      let read = 0;
      for await (const event of bag.messageIterator({ topics: [...wanted], start: rosTime(from) })) {
        const logTime = rosTimeNs(event.timestamp.sec, event.timestamp.nsec);
        if (logTime > to) return;
        yield { topic: event.topic, logTime, data: event.data, decode: decoder(event.connectionId) };
        if (++read % MESSAGES_PER_TURN === 0) await yieldToLoop();
      }
    },
  };
}

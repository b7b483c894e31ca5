import type { MessageDecoder } from './decoders';

/** One message of a recording as read, not yet decoded: decoding is left to whoever keeps it (most are passed over). */
export interface RecordedMessage {
  topic: string;
  /** nanoseconds since the epoch */
  logTime: bigint;
  data: Uint8Array;
  /** The decoder of its channel (or connection): `decode(data)` is the message. */
  decode: MessageDecoder;
}

export interface RecordedTopic {
  topic: string;
  /** The schema name (sensor_msgs/JointState, foxglove.CompressedImage): of the first channel, where a topic has several. */
  messageType: string;
  messageEncoding: string;
}

/** Seconds from the recording's start: a clip of it. Either end may be left open. */
export interface ClipSeconds {
  start?: number;
  end?: number;
}

/** A recording opened for its messages: its span and topics, and its messages of chosen topics in log-time order. */
export interface RecordingMessages {
  format: 'mcap' | 'bag';
  /** The earliest and latest message times, in nanoseconds. */
  start: bigint;
  end: bigint;
  topics: ReadonlyMap<string, RecordedTopic>;
  /** The messages of `topics` whose log time lies within `clip` (both ends included), in log-time order. */
  messages(topics: readonly string[], clip?: ClipSeconds): AsyncGenerator<RecordedMessage, void, void>;
}

const NS_PER_SECOND = 1e9;

/** A clip's bounds in nanoseconds since the epoch, within [start, end]. */
export function clipRange(start: bigint, end: bigint, clip: ClipSeconds | undefined): { from: bigint; to: bigint } {
  const at = (seconds: number) => start + BigInt(Math.round(seconds * NS_PER_SECOND));
  const from = clip?.start !== undefined ? at(clip.start) : start;
  const to = clip?.end !== undefined ? at(clip.end) : end;
  return { from: from > start ? from : start, to: to < end ? to : end };
}

/** A decoder made on first use for each channel id: a channel whose encoding cannot be decoded fails only if it is read. */
export function lazyDecoders(make: (id: number) => MessageDecoder): (id: number) => MessageDecoder {
  const decoders = new Map<number, MessageDecoder>();
  return (id) => {
    let decoder = decoders.get(id);
    if (!decoder) {
      let made: MessageDecoder | undefined;
      decoder = (data) => (made ??= make(id))(data);
      decoders.set(id, decoder);
    }
    return decoder;
  };
}

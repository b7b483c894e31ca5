import { parse } from '@foxglove/rosmsg';
import { MessageReader as Ros1Reader } from '@foxglove/rosmsg-serialization';
import { MessageReader as Ros2Reader } from '@foxglove/rosmsg2-serialization';
import protobuf from 'protobufjs';
import descriptor from 'protobufjs/ext/descriptor/index.js';
import { RecordingParseError } from '../summary';

/** Bytes of one message as recorded → the message as a plain object. */
export type MessageDecoder = (data: Uint8Array) => unknown;

/** What a channel (MCAP) or connection (bag) says of its messages: their encoding and the schema that describes them. */
export interface ChannelEncoding {
  topic: string;
  messageEncoding: string;
  schemaName: string;
  schemaEncoding: string;
  schemaData: Uint8Array;
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** protobufjs' descriptor extension adds Root.fromDescriptor, which its own types do not declare. */
const fromDescriptor = (protobuf.Root as unknown as { fromDescriptor(set: protobuf.Message): protobuf.Root }).fromDescriptor;

function protobufDecoder(channel: ChannelEncoding): MessageDecoder {
  const root = fromDescriptor((descriptor as unknown as { FileDescriptorSet: protobuf.Type }).FileDescriptorSet.decode(channel.schemaData));
  const type = root.lookupType(channel.schemaName);
  // Bytes stay bytes and 64-bit integers become numbers or strings as protobufjs' toObject gives them; enums as numbers.
  return (data) => type.toObject(type.decode(data), { longs: Number, enums: Number, bytes: Uint8Array, defaults: true });
}

/**
 * The decoder of a channel's messages, chosen by its message and schema encodings as the MCAP spec names them: ROS 1
 * (`ros1` with a `ros1msg` schema: @foxglove/rosmsg parses the definition, rosmsg-serialization reads), ROS 2 CDR
 * (`cdr` with `ros2msg`: rosmsg2-serialization), `json`, and `protobuf` (a FileDescriptorSet as schema). Anything else
 * is refused with the topic named, as the export cannot read a field out of bytes it cannot decode.
 */
export function channelDecoder(channel: ChannelEncoding): MessageDecoder {
  const { topic, messageEncoding, schemaEncoding } = channel;
  try {
    if (messageEncoding === 'ros1' && (schemaEncoding === 'ros1msg' || schemaEncoding === '')) {
      const reader = new Ros1Reader(parse(text(channel.schemaData)));
      return (data) => reader.readMessage(data);
    }
    if (messageEncoding === 'cdr' && schemaEncoding === 'ros2msg') {
      const reader = new Ros2Reader(parse(text(channel.schemaData), { ros2: true }));
      return (data) => reader.readMessage(data);
    }
    if (messageEncoding === 'json') return (data) => JSON.parse(text(data)) as unknown;
    if (messageEncoding === 'protobuf' && schemaEncoding === 'protobuf') return protobufDecoder(channel);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new RecordingParseError(`The schema "${channel.schemaName}" of topic ${topic} cannot be parsed: ${reason}`, { cause: error });
  }
  const schema = schemaEncoding ? ` with a ${schemaEncoding} schema` : '';
  throw new RecordingParseError(
    `Topic ${topic} holds ${messageEncoding} messages${schema}, which cannot be decoded (ros1, cdr with ros2msg, json and protobuf can)`,
  );
}

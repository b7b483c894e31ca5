import { McapWriter, type IWritable } from '@mcap/core';
import type { RobotTopics } from './ros2-mcap';
import { JOINTS, MS, T0 } from './synthetic-robot';

/**
 * The robot's recording with JSON messages (jsonschema schemas): joint states as {name, position}, images as
 * foxglove.CompressedImage with base64 `data`, as Foxglove's JSON recorders write them. Unchunked by default, so the
 * file has no chunk index and is read by streaming.
 */
export async function writeJsonMcap(writable: IWritable, topics: RobotTopics, useChunks = false): Promise<void> {
  const writer = new McapWriter({ writable, useChunks, chunkSize: 8 * 1024 });
  await writer.start({ profile: '', library: 'edp-tests' });
  const schema = (name: string) => writer.registerSchema({ name, encoding: 'jsonschema', data: new TextEncoder().encode('{"type":"object"}') });
  const joints = await schema('JointState');
  const image = await schema('foxglove.CompressedImage');
  const channel = (topic: string, schemaId: number) => writer.registerChannel({ topic, schemaId, messageEncoding: 'json', metadata: new Map() });
  const states = await channel('/joint_states', joints);
  const commands = await channel('/joint_commands', joints);
  const camera = await channel('/camera/image/compressed', image);
  const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
  const messages = [
    ...topics.states.map((joint) => ({ ms: joint.ms, channelId: states, data: json({ name: JOINTS, position: joint.position }) })),
    ...topics.commands.map((joint) => ({ ms: joint.ms, channelId: commands, data: json({ name: JOINTS, position: joint.position }) })),
    ...topics.images.map((shot) => ({
      ms: shot.ms,
      channelId: camera,
      data: json({ frame_id: 'camera', format: topics.imageFormat, data: Buffer.from(shot.bytes).toString('base64') }),
    })),
  ].sort((a, b) => a.ms - b.ms);
  let sequence = 0;
  for (const message of messages) {
    const logTime = T0 + BigInt(message.ms) * MS;
    await writer.addMessage({ channelId: message.channelId, sequence: sequence++, logTime, publishTime: logTime, data: message.data });
  }
  await writer.end();
}

import { parse } from '@foxglove/rosmsg';
import { MessageWriter } from '@foxglove/rosmsg2-serialization';
import { McapWriter, type IWritable } from '@mcap/core';
import { JOINTS, MS, T0, type PlannedImage, type PlannedJoint } from './synthetic-robot';

const HEADER = `
================================================================================
MSG: std_msgs/Header
builtin_interfaces/Time stamp
string frame_id
================================================================================
MSG: builtin_interfaces/Time
int32 sec
uint32 nanosec`;

/** The ros2msg schemas as ROS 2 recorders write them: the message, then each dependency after a separator. */
export const JOINT_STATE_ROS2 = `std_msgs/Header header\nstring[] name\nfloat64[] position\nfloat64[] velocity\nfloat64[] effort${HEADER}`;
export const COMPRESSED_IMAGE_ROS2 = `std_msgs/Header header\nstring format\nuint8[] data${HEADER}`;

export interface RobotTopics {
  states: PlannedJoint[];
  commands: PlannedJoint[];
  images: PlannedImage[];
  imageFormat: 'png' | 'jpeg';
}

const stamp = (time: bigint) => ({ sec: Number(time / 1_000_000_000n), nanosec: Number(time % 1_000_000_000n) });

/**
 * A ROS 2 recording as an MCAP (profile ros2, cdr messages with ros2msg schemas), written with McapWriter and
 * rosmsg2-serialization's MessageWriter: /joint_states, /joint_commands (sensor_msgs/msg/JointState) and
 * /camera/image/compressed (sensor_msgs/msg/CompressedImage), in time order, in chunks.
 */
export async function writeRos2Mcap(writable: IWritable, topics: RobotTopics, chunkSize = 16 * 1024): Promise<void> {
  const writer = new McapWriter({ writable, chunkSize });
  await writer.start({ profile: 'ros2', library: 'edp-tests' });
  const encode = new TextEncoder();
  const jointSchema = await writer.registerSchema({ name: 'sensor_msgs/msg/JointState', encoding: 'ros2msg', data: encode.encode(JOINT_STATE_ROS2) });
  const imageSchema = await writer.registerSchema({ name: 'sensor_msgs/msg/CompressedImage', encoding: 'ros2msg', data: encode.encode(COMPRESSED_IMAGE_ROS2) });
  const channel = (topic: string, schemaId: number) => writer.registerChannel({ topic, schemaId, messageEncoding: 'cdr', metadata: new Map() });
  const states = await channel('/joint_states', jointSchema);
  const commands = await channel('/joint_commands', jointSchema);
  const camera = await channel('/camera/image/compressed', imageSchema);
  const joints = new MessageWriter(parse(JOINT_STATE_ROS2, { ros2: true }));
  const images = new MessageWriter(parse(COMPRESSED_IMAGE_ROS2, { ros2: true }));
  const messages = [
    ...topics.states.map((joint) => ({ ms: joint.ms, channelId: states, data: joints.writeMessage(jointState(joint)) })),
    ...topics.commands.map((joint) => ({ ms: joint.ms, channelId: commands, data: joints.writeMessage(jointState(joint)) })),
    ...topics.images.map((image) => ({
      ms: image.ms,
      channelId: camera,
      data: images.writeMessage({ header: { stamp: stamp(T0 + BigInt(image.ms) * MS), frame_id: 'camera' }, format: topics.imageFormat, data: image.bytes }),
    })),
  ].sort((a, b) => a.ms - b.ms);
  let sequence = 0;
  for (const message of messages) {
    const logTime = T0 + BigInt(message.ms) * MS;
    await writer.addMessage({ channelId: message.channelId, sequence: sequence++, logTime, publishTime: logTime, data: message.data });
  }
  await writer.end();

  function jointState(joint: PlannedJoint) {
    return { header: { stamp: stamp(T0 + BigInt(joint.ms) * MS), frame_id: '' }, name: JOINTS, position: joint.position, velocity: [0, 0, 0], effort: [] };
  }
}

import { spawnSync } from 'node:child_process';
import { PYTHON } from '../../recordings/helpers/rosbag-files';
import type { RobotTopics } from './ros2-mcap';
import { T0 } from './synthetic-robot';

const WRITE_BAG = `
import base64, json, sys
import genpy, rosbag
from sensor_msgs.msg import CompressedImage, JointState

plan = json.load(sys.stdin)
bag = rosbag.Bag(plan['path'], 'w', compression=plan['compression'], chunk_threshold=plan['chunkThreshold'])
try:
    for m in plan['messages']:
        t = genpy.Time(m['sec'], m['nsec'])
        if m['kind'] == 'joint':
            msg = JointState(name=plan['joints'], position=m['position'], velocity=[0.0] * len(m['position']), effort=[])
            msg.header.stamp = t
        else:
            msg = CompressedImage(format=m['format'], data=base64.b64decode(m['data']))
            msg.header.stamp = t
            msg.header.frame_id = 'camera'
        bag.write(m['topic'], msg, t)
finally:
    bag.close()
`;

const SEC = 1_000_000_000n;
const at = (ms: number) => {
  const time = T0 + BigInt(ms) * 1_000_000n;
  return { sec: Number(time / SEC), nsec: Number(time % SEC) };
};

/**
 * The robot's recording as a ROS 1 bag written by Debian's rosbag (python3-rosbag): sensor_msgs/JointState on
 * /joint_states and /joint_commands, sensor_msgs/CompressedImage on /camera/image/compressed, in time order.
 */
export function writeRobotBag(
  path: string,
  topics: RobotTopics & { joints: string[] },
  compression: 'none' | 'bz2' | 'lz4' = 'lz4',
  chunkThreshold = 16 * 1024,
): void {
  const messages = [
    ...topics.states.map((joint) => ({ ms: joint.ms, topic: '/joint_states', kind: 'joint', position: joint.position })),
    ...topics.commands.map((joint) => ({ ms: joint.ms, topic: '/joint_commands', kind: 'joint', position: joint.position })),
    ...topics.images.map((image) => ({
      ms: image.ms,
      topic: '/camera/image/compressed',
      kind: 'image',
      format: topics.imageFormat,
      data: Buffer.from(image.bytes).toString('base64'),
    })),
  ]
    .sort((a, b) => a.ms - b.ms)
    .map((message) => ({ ...message, ...at(message.ms) }));
  const input = JSON.stringify({ path, compression, chunkThreshold, joints: topics.joints, messages });
  const run = spawnSync(PYTHON, ['-c', WRITE_BAG], { input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`Writing ${path} failed: ${run.error?.message ?? run.stderr}`);
}

import { spawnSync } from 'node:child_process';
import { exactDensity } from './density';

/** Debian's Python, whose rosbag module (python3-rosbag) writes the test bags; not whatever `python3` is on the PATH. */
export const PYTHON = '/usr/bin/python3';

/**
 * Whether bags can be written here. Without Python's rosbag the .bag tests are skipped with a notice, unless CI (or
 * REQUIRE_ROSBAG=1) is set: there a missing writer is an error, never a skipped suite.
 */
export function rosbagForTests(): boolean {
  const check = spawnSync(PYTHON, ['-c', 'import genpy, rosbag, roslz4, std_msgs.msg, sensor_msgs.msg'], { encoding: 'utf8' });
  if (check.status === 0) return true;
  const reason = check.error?.message ?? check.stderr.trim().split('\n').at(-1);
  const install = 'apt-get install -y python3-rosbag python3-roslz4 python3-std-msgs python3-sensor-msgs';
  if (process.env.CI || process.env.REQUIRE_ROSBAG === '1') throw new Error(`CI is set but ${PYTHON} cannot write ROS bags (${reason}): ${install}`);
  console.warn(`\n[notice] ${PYTHON} cannot write ROS bags (${reason}; ${install}): the .bag tests are skipped.\n`);
  return false;
}

export interface BagMessage {
  topic: string;
  type: 'sensor_msgs/Imu' | 'std_msgs/String';
  /** The publisher: rosbag record writes a connection per (topic, publisher), so one topic may have several. */
  callerid: string;
  sec: number;
  nsec: number;
  text?: string;
}

const WRITE_BAG = `
import json, sys
import genpy, rosbag
from sensor_msgs.msg import Imu
from std_msgs.msg import String

plan = json.load(sys.stdin)
bag = rosbag.Bag(plan['path'], 'w', compression=plan['compression'], chunk_threshold=plan['chunkThreshold'])
# Bag.write keeps one connection per topic; a connection per (topic, publisher), as rosbag record writes, needs its map.
connections = {}
try:
    for m in plan['messages']:
        t = genpy.Time(m['sec'], m['nsec'])
        if m['type'] == 'sensor_msgs/Imu':
            msg = Imu()
            msg.header.stamp = t
            msg.header.frame_id = 'imu_link'
            msg.linear_acceleration.z = 9.81
        else:
            msg = String(data=m.get('text', ''))
        key = (m['topic'], m['callerid'])
        if key in connections:
            bag._topic_connections[m['topic']] = connections[key]
        else:
            bag._topic_connections.pop(m['topic'], None)
        header = {'topic': m['topic'], 'type': msg._type, 'md5sum': msg._md5sum, 'message_definition': msg._full_text, 'callerid': m['callerid']}
        bag.write(m['topic'], msg, t, connection_header=header)
        connections[key] = bag._topic_connections[m['topic']]
finally:
    bag.close()
`;

/** Writes a bag with Python's rosbag: messages in the order given, chunks closed after `chunkThreshold` bytes. */
export function writeBag(path: string, compression: 'none' | 'bz2' | 'lz4', messages: BagMessage[], chunkThreshold = 2048): void {
  const input = JSON.stringify({ path, compression, chunkThreshold, messages });
  const run = spawnSync(PYTHON, ['-c', WRITE_BAG], { input, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`Writing ${path} failed: ${run.error?.message ?? run.stderr}`);
}

const WRITE_BAG_WITHOUT_MESSAGES = `
import json, sys
import rosbag
from rosbag.bag import _ConnectionInfo
from sensor_msgs.msg import Imu
from std_msgs.msg import String

plan = json.load(sys.stdin)
bag = rosbag.Bag(plan['path'], 'w')
# Bag.write makes a connection only with a message; a connection registered in the writer's own table, as write() does
# it, is written by close() into the index (connection records, no chunk), as a recorder that heard nothing leaves it.
try:
    for topic in plan['topics']:
        msg = Imu if topic['type'] == 'sensor_msgs/Imu' else String
        header = {'topic': topic['topic'], 'type': msg._type, 'md5sum': msg._md5sum, 'message_definition': msg._full_text, 'callerid': '/recorder'}
        conn_id = len(bag._connections)
        bag._connections[conn_id] = _ConnectionInfo(conn_id, topic['topic'], header)
finally:
    bag.close()
`;

/** Writes a bag with Python's rosbag that holds a connection for each of `topics` and no message. */
export function writeBagWithoutMessages(path: string, topics: Pick<BagMessage, 'topic' | 'type'>[]): void {
  const run = spawnSync(PYTHON, ['-c', WRITE_BAG_WITHOUT_MESSAGES], { input: JSON.stringify({ path, topics }), encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`Writing ${path} failed: ${run.error?.message ?? run.stderr}`);
}

/** The test recording: /imu 201 at 100 Hz over 2 s; /chatter from two publishers, 22 at 10 Hz over 2.1 s; /status once. */
export const T0_SEC = 1_700_000_000;
const T0_NSEC = 123_456_789;

function at(ms: number): { sec: number; nsec: number } {
  const nsec = T0_NSEC + (ms % 1000) * 1_000_000;
  return { sec: T0_SEC + Math.floor(ms / 1000) + Math.floor(nsec / 1e9), nsec: nsec % 1e9 };
}

export function plannedBagMessages(): (BagMessage & { ms: number })[] {
  const imu = Array.from({ length: 201 }, (_, i) => ({ ms: i * 10, topic: '/imu', type: 'sensor_msgs/Imu' as const, callerid: '/imu_driver' }));
  const chatter = Array.from({ length: 22 }, (_, i) => ({
    ms: i * 100,
    topic: '/chatter',
    type: 'std_msgs/String' as const,
    callerid: i % 2 ? '/talker_b' : '/talker_a',
    text: `hello ${i}`,
  }));
  const status = [{ ms: 1000, topic: '/status', type: 'std_msgs/String' as const, callerid: '/monitor', text: 'ok' }];
  return [...imu, ...chatter, ...status].map((message) => ({ ...message, ...at(message.ms) }));
}

/** Time order broken across chunks: [1.0 s, 1.5 s), then [2.0 s, end], then [0, 1.0 s), then [1.5 s, 2.0 s). */
export function outOfOrderBagMessages(): BagMessage[] {
  const sorted = plannedBagMessages().sort((a, b) => a.ms - b.ms);
  const range = (from: number, to: number) => sorted.filter((message) => message.ms >= from && message.ms < to);
  return [...range(1000, 1500), ...range(2000, Infinity), ...range(0, 1000), ...range(1500, 2000)];
}

/** The test recording's start plus `ms`, as a topic's start or end reads (to the millisecond). */
const atMs = (ms: number) => new Date(T0_SEC * 1000 + Math.floor(T0_NSEC / 1e6) + ms).toISOString();
/** A message's time in nanoseconds. */
const bagTimeNs = ({ sec, nsec }: { sec: number; nsec: number }) => BigInt(sec) * 1_000_000_000n + BigInt(nsec);
/** A topic's messages over the recording's span, +0 … +2.1 s. */
const densityOf = (topic: string) =>
  exactDensity(
    plannedBagMessages()
      .filter((message) => message.topic === topic)
      .map(bagTimeNs),
    bagTimeNs(at(0)),
    bagTimeNs(at(2100)),
  );

export const EXPECTED_BAG_TOPICS = [
  {
    topic: '/chatter',
    messageType: 'std_msgs/String',
    encoding: 'ros1',
    messageCount: 22,
    frequencyHz: 10,
    start: atMs(0),
    end: atMs(2100),
    density: densityOf('/chatter'),
  },
  {
    topic: '/imu',
    messageType: 'sensor_msgs/Imu',
    encoding: 'ros1',
    messageCount: 201,
    frequencyHz: 100,
    start: atMs(0),
    end: atMs(2000),
    density: densityOf('/imu'),
  },
  {
    topic: '/status',
    messageType: 'std_msgs/String',
    encoding: 'ros1',
    messageCount: 1,
    frequencyHz: 0,
    start: atMs(1000),
    end: atMs(1000),
    density: densityOf('/status'),
  },
];

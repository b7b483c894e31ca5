/**
 * `npx tsx bench/lerobot-export.ts`: a synthetic state-only ROS 2 recording (sensor_msgs/JointState, six joints, at
 * 100 Hz, in an uncompressed chunked MCAP) long enough for `frames` frames at 30 fps, exported as a LeRobot v3 dataset.
 * Prints the frames, the export's time and rate, and the process's peak resident memory during the export (sampled
 * every 20 ms; the recording is written by a child process first). Goals: ≥ 20,000 frames/s, ≤ 200 MB. BENCH_LEROBOT_FRAMES sets the frame count (100,000).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '@foxglove/rosmsg';
import { MessageWriter } from '@foxglove/rosmsg2-serialization';
import { McapWriter } from '@mcap/core';
import { exportLeRobot } from '../server/lerobot/export-lerobot';
import { fileByteSource } from '../server/recordings/parse-recording';
import { JOINT_STATE_ROS2 } from '../tests/server/lerobot/helpers/ros2-mcap';
import { fileWritable } from '../tests/server/recordings/helpers/mcap-files';

const FPS = 30;
const STATE_HZ = 100;
const JOINTS = ['j1', 'j2', 'j3', 'j4', 'j5', 'j6'];

/** Set in the child process that writes the recording: the file to write. */
const WRITE_RECORDING = 'BENCH_LEROBOT_WRITE_RECORDING';

const rssOf = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) * 1024;

/** JointState messages at 100 Hz for the span `frames` frames at 30 fps need. */
export async function writeStateRecording(file: string, frames: number): Promise<number> {
  const writable = fileWritable(file);
  const writer = new McapWriter({ writable, chunkSize: 1024 * 1024 });
  await writer.start({ profile: 'ros2', library: 'edp-bench' });
  const schemaId = await writer.registerSchema({ name: 'sensor_msgs/msg/JointState', encoding: 'ros2msg', data: new TextEncoder().encode(JOINT_STATE_ROS2) });
  const channelId = await writer.registerChannel({ topic: '/joint_states', schemaId, messageEncoding: 'cdr', metadata: new Map() });
  const joints = new MessageWriter(parse(JOINT_STATE_ROS2, { ros2: true }));
  const t0 = 1_700_000_000_000_000_000n;
  const messages = Math.ceil(((frames - 1) * STATE_HZ) / FPS) + 1;
  const position = new Float64Array(JOINTS.length);
  for (let i = 0; i < messages; i++) {
    const time = t0 + (BigInt(i) * 1_000_000_000n) / BigInt(STATE_HZ);
    for (let j = 0; j < position.length; j++) position[j] = Math.sin(i / 100 + j);
    const data = joints.writeMessage({
      header: { stamp: { sec: Number(time / 1_000_000_000n), nanosec: Number(time % 1_000_000_000n) }, frame_id: 'base' },
      name: JOINTS,
      position,
      velocity: position,
      effort: position,
    });
    await writer.addMessage({ channelId, sequence: i, logTime: time, publishTime: time, data });
  }
  await writer.end();
  writable.close();
  return messages;
}

export interface LeRobotExportFigures {
  frames: number;
  seconds: number;
  framesPerSecond: number;
  peakRssMb: number;
  /** Resident memory when the export starts (the process, its modules, and what writing the recording left). */
  baseRssMb: number;
}

/** Writes the synthetic recording, then exports it (state only, 30 fps) and measures the export alone. */
export async function measureLeRobotExport({ frames }: { frames: number }): Promise<LeRobotExportFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'edp-bench-lerobot-'));
  try {
    const recording = path.join(dir, 'states.mcap');
    // Written by a process of its own: what writing leaves in this heap is not the export's memory.
    const writing = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
      env: { ...process.env, [WRITE_RECORDING]: recording, BENCH_LEROBOT_FRAMES: String(frames) },
      stdio: 'inherit',
    });
    if (writing.status !== 0) throw new Error(`Writing the recording failed (${writing.error?.message ?? `exit ${writing.status}`})`);
    const base = rssOf();
    let peak = base;
    const timer = setInterval(() => (peak = Math.max(peak, rssOf())), 20);
    const start = performance.now();
    try {
      const totals = await exportLeRobot({
        episodes: [{ fileName: 'states.mcap', open: () => fileByteSource(recording) }],
        mapping: { fps: FPS, state: { topic: '/joint_states', field: 'position' }, task: 'Hold the arm steady' },
        outputDir: path.join(dir, 'dataset'),
        onProgress: () => (peak = Math.max(peak, rssOf())),
      });
      const seconds = (performance.now() - start) / 1000;
      return { frames: totals.frames, seconds, framesPerSecond: totals.frames / seconds, peakRssMb: Math.max(peak, rssOf()) / 1e6, baseRssMb: base / 1e6 };
    } finally {
      clearInterval(timer);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}` && process.env[WRITE_RECORDING]) {
  await writeStateRecording(process.env[WRITE_RECORDING], Number(process.env.BENCH_LEROBOT_FRAMES));
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const frames = Number(process.env.BENCH_LEROBOT_FRAMES ?? 100_000);
  const figures = await measureLeRobotExport({ frames });
  console.log(`LeRobot export, state only, ${FPS} fps from JointState at ${STATE_HZ} Hz (ROS 2 CDR MCAP):`);
  console.log(`frames:       ${figures.frames}`);
  console.log(`time:         ${figures.seconds.toFixed(2)} s`);
  console.log(`rate:         ${figures.framesPerSecond.toFixed(0)} frames/s (goal ≥ 20,000)`);
  console.log(`peak RSS:     ${figures.peakRssMb.toFixed(0)} MB (goal ≤ 200 MB; ${figures.baseRssMb.toFixed(0)} MB when the export started)`);
}

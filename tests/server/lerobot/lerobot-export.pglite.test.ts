import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { extract } from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeRobotMapping } from '../../../model/schemas/lerobot-mapping';
import {
  archiveDirectory,
  exportLeRobot,
  LeRobotExportError,
  type LeRobotEpisodeInput,
  type LeRobotExportProgress,
} from '../../../server/lerobot/export-lerobot';
import { fileByteSource } from '../../../server/recordings/parse-recording';
import { fileWritable } from '../recordings/helpers/mcap-files';
import { rosbagForTests } from '../recordings/helpers/rosbag-files';
import { writeJsonMcap } from './helpers/json-mcap';
import { expectLeRobotRules } from './helpers/lerobot-rules';
import { readDataset } from './helpers/read-dataset';
import { writeRobotBag } from './helpers/ros1-bag';
import { writeRos2Mcap, type RobotTopics } from './helpers/ros2-mcap';
import { commandPosition, JOINTS, MS, plannedCommands, plannedImages, plannedStates, statePosition } from './helpers/synthetic-robot';

const FPS = 30;
const MAPPING: LeRobotMapping = {
  fps: FPS,
  state: { topic: '/joint_states', field: 'position' },
  action: { topic: '/joint_commands', field: 'position', names: ['shoulder.cmd', 'elbow.cmd', 'wrist.cmd'] },
  cameras: [{ name: 'front', topic: '/camera/image/compressed' }],
  task: 'Pick up the cube',
};

let dir: string;
const fileIn = (name: string) => join(dir, name);

const episode = (fileName: string, extra: Partial<LeRobotEpisodeInput> = {}): LeRobotEpisodeInput => ({
  fileName,
  open: () => fileByteSource(fileIn(fileName)),
  ...extra,
});

/**
 * What the frames of a recording of the synthetic robot must hold, from the plan alone: frame k is at t0 + k/fps (t0 the
 * first camera image, at +50 ms, when every topic has had a message), and takes the last state (100 Hz), command (50 Hz)
 * and image (10 Hz) at or before it. `fromMs` is a clip's start.
 */
function expectedFrames(topics: RobotTopics, fromMs: number, toMs: number) {
  const firstImage = topics.images.find((image) => image.ms >= fromMs)!;
  const t0 = BigInt(firstImage.ms) * MS;
  const last = BigInt(Math.min(toMs, 2050)) * MS; // the last message of a mapped topic within the clip
  const frames = [];
  for (let k = 0; ; k++) {
    const t = t0 + (BigInt(k) * 1_000_000_000n) / BigInt(FPS);
    if (t > last) break;
    const state = Math.min(Number(t / (10n * MS)), 200);
    const command = Math.min(Number(t / (20n * MS)), 100);
    const image = Number((t - 50n * MS) / (100n * MS));
    frames.push({ state: statePosition(state).map(Math.fround), action: commandPosition(command).map(Math.fround), image: topics.images[image]!.bytes });
  }
  return frames;
}

function robot(imageFormat: 'png' | 'jpeg'): RobotTopics & { joints: string[] } {
  return { states: plannedStates(), commands: plannedCommands(), images: plannedImages(imageFormat), imageFormat, joints: JOINTS };
}

async function freshDir(name: string): Promise<string> {
  const out = join(dir, name);
  await rm(out, { recursive: true, force: true });
  return out;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edp-lerobot-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('exportLeRobot: a ROS 2 CDR MCAP', () => {
  const topics = robot('png');

  beforeAll(async () => {
    for (const name of ['run-a.mcap', 'run-b.mcap']) {
      const writable = fileWritable(fileIn(name));
      await writeRos2Mcap(writable, topics);
      writable.close();
    }
  });

  it('two episodes (a whole recording and a clip) follow LeRobot v3 and hold the recorded values and image bytes', async () => {
    const out = await freshDir('mcap-dataset');
    const progress: LeRobotExportProgress[] = [];
    const totals = await exportLeRobot({
      episodes: [episode('run-a.mcap'), episode('run-b.mcap', { clip: { start: 0.5, end: 1.5 }, task: 'Place the cube' })],
      mapping: MAPPING,
      outputDir: out,
      robotType: 'so100',
      onProgress: (report) => progress.push(report),
    });
    const dataset = await readDataset(out);
    expectLeRobotRules(dataset);

    const whole = expectedFrames(topics, 0, 2050);
    const clip = expectedFrames(topics, 500, 1500);
    expect(whole).toHaveLength(61); // 2.0 s × 30 fps, + the frame at t0
    expect(clip.length).toBeGreaterThanOrEqual(27); // from the first image in the clip (+550 ms) to +1.5 s: 0.95 s × 30
    expect(clip.length).toBeLessThanOrEqual(30);
    expect(totals).toMatchObject({ episodes: 2, frames: whole.length + clip.length, tasks: 2, files: 5 });
    expect(dataset.info).toMatchObject({ robot_type: 'so100', fps: FPS, total_frames: whole.length + clip.length, total_tasks: 2 });
    expect(dataset.info.features['observation.state']).toEqual({ dtype: 'float32', shape: [3], names: JOINTS });
    expect(dataset.info.features.action).toEqual({ dtype: 'float32', shape: [3], names: ['shoulder.cmd', 'elbow.cmd', 'wrist.cmd'] });
    expect(dataset.info.features['observation.images.front']).toEqual({ dtype: 'image', shape: [6, 8, 3], names: ['height', 'width', 'channels'] });
    expect(dataset.tasks.map((task) => task.task)).toEqual(['Pick up the cube', 'Place the cube']);

    const expected = [...whole, ...clip];
    dataset.frames.forEach((frame, i) => {
      expect(frame['observation.state'], `frame ${i}`).toEqual(expected[i]!.state);
      expect(frame.action, `frame ${i}`).toEqual(expected[i]!.action);
      expect(Buffer.from((frame['observation.images.front'] as { bytes: Uint8Array }).bytes).equals(Buffer.from(expected[i]!.image)), `frame ${i} image`).toBe(
        true,
      );
    });
    expect(dataset.stats['observation.images.front']).toEqual({ count: [expected.length] });

    expect(progress.at(-1)).toEqual({ framesDone: expected.length, framesExpected: expected.length });
    for (const [a, b] of progress.slice(1).map((report, i) => [progress[i]!, report] as const)) expect(b.framesDone).toBeGreaterThanOrEqual(a.framesDone);
  });

  it('a mapping naming a missing topic is refused with the recording and topic named, and leaves the directory empty', async () => {
    const out = await freshDir('missing-topic');
    const mapping = { ...MAPPING, action: { topic: '/arm/commands', field: 'position' } };
    const run = exportLeRobot({ episodes: [episode('run-a.mcap'), episode('run-b.mcap')], mapping, outputDir: out });
    await expect(run).rejects.toThrow(LeRobotExportError);
    await expect(run).rejects.toThrow(/run-a\.mcap has no topic \/arm\/commands \(the action\)/);
    expect(await readdir(out)).toEqual([]);
  });

  it('a field that is not numbers is refused with the recording, topic and field named', async () => {
    const out = await freshDir('bad-field');
    const run = exportLeRobot({
      episodes: [episode('run-a.mcap')],
      mapping: { ...MAPPING, state: { topic: '/joint_states', field: 'header.frame_id' } },
      outputDir: out,
    });
    await expect(run).rejects.toThrow(/run-a\.mcap: field "header\.frame_id" of topic \/joint_states \(the state\) is a string/);
    const missing = exportLeRobot({
      episodes: [episode('run-a.mcap')],
      mapping: { ...MAPPING, state: { topic: '/joint_states', field: 'positions' } },
      outputDir: out,
    });
    await expect(missing).rejects.toThrow(
      /field "positions" of topic \/joint_states \(the state\) has no field "positions" \(it has "header", "name", "position"/,
    );
    expect(await readdir(out)).toEqual([]);
  });

  it('names given in the mapping must count the numbers', async () => {
    const out = await freshDir('bad-names');
    const mapping = { ...MAPPING, state: { ...MAPPING.state, names: ['a', 'b'] } };
    await expect(exportLeRobot({ episodes: [episode('run-a.mcap')], mapping, outputDir: out })).rejects.toThrow(
      /names 2 state values, but field "position" of topic \/joint_states holds 3/,
    );
    expect(await readdir(out)).toEqual([]);
  });

  it('an episode without a task, in a mapping without one, is refused before anything is read', async () => {
    const out = await freshDir('no-task');
    const { task: _, ...mapping } = MAPPING;
    await expect(exportLeRobot({ episodes: [episode('run-a.mcap')], mapping, outputDir: out })).rejects.toThrow(/run-a\.mcap has no task text/);
  });
});

describe('exportLeRobot: a JSON-encoded MCAP', () => {
  const topics = robot('png');

  it.each([
    ['without chunks (streamed)', false],
    ['in chunks (indexed)', true],
  ] as const)('%s: the same frames as from CDR', async (_, useChunks) => {
    const name = `json-${useChunks ? 'chunked' : 'unchunked'}.mcap`;
    const writable = fileWritable(fileIn(name));
    await writeJsonMcap(writable, topics, useChunks);
    writable.close();
    const out = await freshDir(`json-dataset-${useChunks}`);
    await exportLeRobot({ episodes: [episode(name), episode(name, { clip: { start: 0.5, end: 1.5 } })], mapping: MAPPING, outputDir: out });
    const dataset = await readDataset(out);
    expectLeRobotRules(dataset);
    const expected = [...expectedFrames(topics, 0, 2050), ...expectedFrames(topics, 500, 1500)];
    expect(dataset.frames).toHaveLength(expected.length);
    dataset.frames.forEach((frame, i) => {
      expect(frame['observation.state'], `frame ${i}`).toEqual(expected[i]!.state);
      expect(Buffer.from((frame['observation.images.front'] as { bytes: Uint8Array }).bytes).equals(Buffer.from(expected[i]!.image)), `frame ${i} image`).toBe(
        true,
      );
    });
  });
});

describe('archiveDirectory', () => {
  it('streams a tar of every file of the exported dataset, byte for byte', async () => {
    const writable = fileWritable(fileIn('archived.mcap'));
    await writeRos2Mcap(writable, robot('png'));
    writable.close();
    const out = await freshDir('archived-dataset');
    const totals = await exportLeRobot({ episodes: [episode('archived.mcap')], mapping: MAPPING, outputDir: out });
    const entries = new Map<string, Buffer>();
    const untar = extract();
    untar.on('entry', (header, stream, next) => {
      const parts: Buffer[] = [];
      stream.on('data', (part: unknown) => parts.push(part as Buffer));
      stream.on('end', () => {
        entries.set(header.name, Buffer.concat(parts));
        next();
      });
    });
    await pipeline(archiveDirectory(out), untar);
    expect([...entries.keys()]).toEqual([
      'data/chunk-000/file-000.parquet',
      'meta/episodes/chunk-000/file-000.parquet',
      'meta/info.json',
      'meta/stats.json',
      'meta/tasks.parquet',
    ]);
    expect(entries.size).toBe(totals.files);
    for (const [name, bytes] of entries) expect(bytes.equals(await readFile(join(out, name))), name).toBe(true);
    expect([...entries.values()].reduce((sum, bytes) => sum + bytes.length, 0)).toBe(totals.bytes);
  });
});

describe.skipIf(!rosbagForTests())('exportLeRobot: ROS 1 bags written by rosbag', () => {
  const topics = robot('jpeg');

  beforeAll(() => {
    writeRobotBag(fileIn('run.bag'), topics, 'lz4');
    writeRobotBag(fileIn('run-bz2.bag'), topics, 'bz2');
  }, 60_000);

  it('JointState and CompressedImage: a whole bag and a clip of another, read back by LeRobot’s rules', async () => {
    const out = await freshDir('bag-dataset');
    const totals = await exportLeRobot({
      episodes: [episode('run.bag'), episode('run-bz2.bag', { clip: { start: 1 } })],
      mapping: MAPPING,
      outputDir: out,
    });
    const dataset = await readDataset(out);
    expectLeRobotRules(dataset);
    const expected = [...expectedFrames(topics, 0, 2050), ...expectedFrames(topics, 1000, 2050)];
    expect(totals.frames).toBe(expected.length);
    expect(dataset.info.features['observation.images.front']).toEqual({ dtype: 'image', shape: [48, 64, 3], names: ['height', 'width', 'channels'] });
    dataset.frames.forEach((frame, i) => {
      expect(frame['observation.state'], `frame ${i}`).toEqual(expected[i]!.state);
      expect(frame.action, `frame ${i}`).toEqual(expected[i]!.action);
      expect(Buffer.from((frame['observation.images.front'] as { bytes: Uint8Array }).bytes).equals(Buffer.from(expected[i]!.image)), `frame ${i} image`).toBe(
        true,
      );
    });
    expect(dataset.tasks.map((task) => task.task)).toEqual(['Pick up the cube']);
  });
});

import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createWriteStream } from 'node:fs';
import { extract } from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../server/clock';
import { startLanes } from '../../server/jobs/lanes';
import { subjectOf } from '../../server/modules/runs/subject-env';
import { fileWritable } from './recordings/helpers/mcap-files';
import { ROBOT, runJobs, uploadClient } from './helpers/uploads';
import { expectLeRobotRules } from './lerobot/helpers/lerobot-rules';
import { readDataset } from './lerobot/helpers/read-dataset';
import { writeRos2Mcap } from './lerobot/helpers/ros2-mcap';
import { JOINTS, plannedCommands, plannedImages, plannedStates } from './lerobot/helpers/synthetic-robot';
import { useTestApp } from './helpers/test-app';

/** Training data made real: a version of uploaded recordings exported by the server as LeRobot v3, downloaded as one archive. */
const { t, api } = useTestApp();
let token: string;
let dir: string;
let lanes: ReturnType<typeof startLanes>;
const as = () => ({ token });
const post = (path: string, body: unknown) => api.post(path, body, as());
const get = async (path: string, query: Record<string, string>) => (await api.get(path, { ...as(), query })).body;

const MAPPING = {
  fps: 30,
  state: { topic: '/joint_states', field: 'position' },
  action: { topic: '/joint_commands', field: 'position' },
  cameras: [{ name: 'front', topic: '/camera/image/compressed' }],
  task: 'Pick up the cube',
};

/** A recording of the synthetic robot, uploaded as a person would and parsed by the lake's job: the bag. */
let recorded = 0;
async function uploadedBag(name: string, robotType = ROBOT.robotType): Promise<{ id: number }> {
  // Each recording a little longer than the last: the lake keeps one copy of identical files.
  const span = 2000 + 100 * (recorded += 1);
  const file = join(dir, name);
  const writable = fileWritable(file);
  await writeRos2Mcap(writable, { states: plannedStates(span), commands: plannedCommands(span), images: plannedImages('jpeg', span), imageFormat: 'jpeg' });
  writable.close();
  const bytes = new Uint8Array(await readFile(file));
  const client = uploadClient(t, token);
  const started = (await client.start(name, bytes, { metadata: { ...ROBOT, robotType } })).body.data.upload;
  await client.parts(started, bytes);
  const completed = await client.complete(started.uploadId);
  expect(completed.status, JSON.stringify(completed.body)).toBe(200);
  await runJobs(t);
  const found = (await get('/data/bag/query', { bagName: name })).data.records;
  expect(found).toHaveLength(1);
  return found[0];
}

async function versionOf(bags: { id: number }[], name: string) {
  const dataset = (await post('/data/dataset/create', { name, datasetType: 'raw', owner: 'rd' })).body.data;
  await post('/data/lake/dataset/add-bags', { datasetId: dataset.id, ids: bags.map((bag) => bag.id) });
  return (await post('/data/dataset-version/create', { datasetId: dataset.id, version: '1.0.0' })).body.data;
}

const settled = async (id: number) => {
  await expect.poll(async () => (await get('/data/training-data/get', { id: String(id) })).data.status, { timeout: 30_000 }).toMatch(/success|failed/);
  return (await get('/data/training-data/get', { id: String(id) })).data;
};

beforeAll(async () => {
  token = await api.token('demo', 'rd');
  dir = await mkdtemp(join(tmpdir(), 'edp-training-'));
  lanes = startLanes(
    t.database.db,
    t.jobs().lanes.filter((lane) => lane.name === 'exports'),
    { clock: systemClock },
  );
});
afterAll(async () => {
  await lanes?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('training mappings', () => {
  it('are refused unless they are LeRobot mappings, and are tried on a recording before use', async () => {
    const bad = await post('/data/training-mapping/create', { robotType: 'bad-robot', mapping: '{"fps": 0}' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: { en_US: expect.stringContaining('fps') }, data: { field: 'mapping' } });
    const bag = await uploadedBag('preview.mcap');
    const preview = await post('/data/lake/training-mapping/preview', { mapping: JSON.stringify(MAPPING), bagId: bag.id });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data.probe).toMatchObject({ stateDims: 3, actionDims: 3, stateNames: JOINTS });
    expect(preview.body.data.frames).toHaveLength(5);
    const missing = await post('/data/lake/training-mapping/preview', {
      mapping: JSON.stringify({ ...MAPPING, state: { topic: '/nope', field: 'position' } }),
      bagId: bag.id,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message.en_US).toContain('/nope');
  });
});

describe('training data', () => {
  it('exports a version as LeRobot v3 through its robot type’s mapping; the archive downloads and reads back by LeRobot’s rules', async () => {
    expect((await post('/data/training-mapping/create', { robotType: 'ur5e', mapping: JSON.stringify(MAPPING) })).status).toBe(200);
    const bags = [await uploadedBag('episode-a.mcap'), await uploadedBag('episode-b.mcap')];
    const version = await versionOf(bags, `training-${Date.now()}`);
    const created = await post('/data/training-data/create', { name: `act-${Date.now()}`, datasetVersionId: version.id, status: 'success', frameCount: 99 });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({ status: 'pending', frameCount: null, datasetId: version.datasetId, mappingId: expect.any(Number) });
    const done = await settled(created.body.data.id);
    expect(done, done.failure).toMatchObject({ status: 'success', progress: 100, episodeCount: 2 });
    expect((await get('/data/dataset/get', { id: String(version.datasetId) })).data.trainingSetCount).toBe(1);

    const link = (await get('/data/lake/training-data/download-url', { id: String(done.id) })).data;
    const archive = await t.app.inject({ method: 'GET', url: link.url });
    expect(archive.statusCode).toBe(200);
    expect(archive.rawPayload.length).toBe(done.sizeBytes);
    const out = join(dir, 'unpacked');
    const unpack = extract();
    unpack.on('entry', (header, stream, next) => {
      const target = join(out, header.name);
      void mkdir(join(target, '..'), { recursive: true })
        .then(() => pipeline(stream, createWriteStream(target)))
        .then(() => next(), next);
    });
    await pipeline(Readable.from(archive.rawPayload), unpack);
    const dataset = await readDataset(out);
    expectLeRobotRules(dataset);
    expect(dataset.info).toMatchObject({ codebase_version: 'v3.0', fps: 30, robot_type: 'ur5e', total_episodes: 2, total_frames: done.frameCount });

    // A training record reads it: its run is told where the archive is, and the link serves it.
    const training = await post('/training/training-record/create', {
      name: `train-${Date.now()}`,
      task: 'train',
      foundationModel: 'act',
      config: '{}',
      trainingDataId: done.id,
    });
    expect(training.status, JSON.stringify(training.body)).toBe(200);
    const { env } = await subjectOf(t.database.db, { trainingRecord: training.body.data.id, modelExport: null, processingRecord: null }, t.storage);
    expect(env).toMatchObject({ EDP_TRAINING_DATA_ID: String(done.id), EDP_TRAINING_DATA_FORMAT: 'lerobot', EDP_TRAINING_DATA_KEY: done.storagePath });
    expect((await t.app.inject({ method: 'GET', url: env.EDP_TRAINING_DATA_URL! })).rawPayload.length).toBe(done.sizeBytes);
  });

  it('a mapping naming a missing topic fails the export with the reason, and stores nothing', async () => {
    const bag = await uploadedBag('episode-c.mcap');
    const version = await versionOf([bag], `missing-${Date.now()}`);
    const mapping = (
      await post('/data/training-mapping/create', {
        robotType: 'ur5e-other',
        mapping: JSON.stringify({ ...MAPPING, cameras: [{ name: 'wrist', topic: '/camera/wrist' }] }),
      })
    ).body.data;
    const created = (await post('/data/training-data/create', { name: `missing-${Date.now()}`, datasetVersionId: version.id, mappingId: mapping.id })).body
      .data;
    const failed = await settled(created.id);
    expect(failed).toMatchObject({ status: 'failed', storagePath: '', sizeBytes: 0 });
    expect(failed.failure).toContain('/camera/wrist');
    expect((await api.get('/data/lake/training-data/download-url', { ...as(), query: { id: String(created.id) } })).status).toBe(400);
    const training = (
      await post('/training/training-record/create', {
        name: `train-failed-${Date.now()}`,
        task: 'train',
        foundationModel: 'act',
        config: '{}',
        trainingDataId: created.id,
      })
    ).body.data;
    const refused = await post('/training/training-record/start', { ids: [training.id] });
    expect(refused.status).toBe(409);
    expect(refused.body.message.en_US).toContain('not exported yet');
    expect((await get('/training/training-record/get', { id: String(training.id) })).data.status).toBe('pending');
    const unmapped = await versionOf([await uploadedBag('episode-d.mcap', 'unmapped-robot')], `nomap-${Date.now()}`);
    const noMapping = await post('/data/training-data/create', { name: `none-${Date.now()}`, datasetVersionId: unmapped.id });
    expect(noMapping.status).toBe(400);
    expect(noMapping.body.data).toMatchObject({ field: 'mappingId' });
  });
});

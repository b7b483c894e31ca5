import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { leRobotMapping, type LeRobotMapping } from '../../model/schemas/lerobot-mapping';
import { openRecordingMessages, type ClipSeconds, type RecordingMessages } from '../recordings/messages/open-recording';
import { RecordingParseError, type ByteSource } from '../recordings/summary';
import { DataWriter } from './data-writer';
import { ACTION, DEFAULT_CHUNKS_SIZE, DEFAULT_DATA_FILE_SIZE_MB, FRAME_COLUMNS, imageKey, STATE, type DatasetFeatures } from './dataset-layout';
import { LeRobotExportError } from './export-error';
import { FeatureStats } from './feature-stats';
import { sampleFrames } from './frame-sampler';
import { writeEpisodes, writeInfo, writeStats, writeTasks, type EpisodeRecord } from './meta-files';
import { probeEpisode, type EpisodeProbe } from './probe-episode';

export { LeRobotExportError } from './export-error';
export { archiveDirectory } from './archive-directory';

/** One episode: a recording (or a clip of it). */
export interface LeRobotEpisodeInput {
  /** The recording's file name (its extension says .mcap or .bag); the errors name it. */
  fileName: string;
  /** Opens the recording; called twice (once to check it, once to export it); `close` is called after each use. */
  open(): Promise<ByteSource & { close?(): Promise<void> }>;
  /** Seconds from the recording's start; either end may be left open. */
  clip?: ClipSeconds;
  /** The episode's task text; else the mapping's. */
  task?: string;
}

export interface LeRobotExportProgress {
  framesDone: number;
  /** An estimate until the end (from the clips' spans); equal to framesDone in the last report. */
  framesExpected: number;
}

export interface ExportLeRobotOptions {
  episodes: LeRobotEpisodeInput[];
  /** The robot type's mapping (validated again here). */
  mapping: LeRobotMapping;
  /** Created if missing; must be empty. Left empty when the export fails. */
  outputDir: string;
  /** info.json's robot_type. */
  robotType?: string | null;
  onProgress?: (progress: LeRobotExportProgress) => void;
  /** Stops the export between row groups (the output directory is emptied; the signal's reason is thrown). */
  signal?: AbortSignal;
  /** LeRobot's defaults: 1000 files per chunk, a new data file once one reaches 100 MB. */
  chunksSize?: number;
  dataFileSizeMb?: number;
}

export interface LeRobotExportTotals {
  episodes: number;
  frames: number;
  tasks: number;
  /** Bytes of all files written, and how many. */
  bytes: number;
  files: number;
}

/** Rows per row group of a data file, and image bytes per row group: what memory holds of the frames at once. */
const ROW_GROUP_ROWS = 5_000;
const ROW_GROUP_IMAGE_BYTES = 32 * 1024 * 1024;
/** Progress is reported at most this often (in frames), and at the end. */
const PROGRESS_EVERY = 2_000;

function parseMapping(mapping: LeRobotMapping): LeRobotMapping {
  const parsed = leRobotMapping.safeParse(mapping);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'mapping'}: ${issue.message}`);
  throw new LeRobotExportError(`The LeRobot mapping is not valid: ${issues.join('; ')}`);
}

/** Opens an episode's recording for `use`, closing it after; a file that cannot be read is an export error naming it. */
async function withRecording<T>(episode: LeRobotEpisodeInput, use: (recording: RecordingMessages) => Promise<T>): Promise<T> {
  const source = await episode.open();
  try {
    return await use(await openRecordingMessages(source, episode.fileName));
  } catch (error) {
    if (error instanceof RecordingParseError) throw new LeRobotExportError(`${episode.fileName} cannot be read: ${error.message}`, { cause: error });
    throw error;
  } finally {
    await source.close?.();
  }
}

/** The features every episode must agree on, from the first episode's probe; the others are checked against it. */
function datasetFeatures(mapping: LeRobotMapping, episodes: LeRobotEpisodeInput[], probes: EpisodeProbe[]): DatasetFeatures {
  const first = probes[0]!;
  const names = (what: string, given: string[] | undefined, fromMessage: string[] | undefined, dims: number, topic: string, field: string) => {
    if (given && given.length !== dims)
      throw new LeRobotExportError(
        `The mapping names ${given.length} ${what} values, but field "${field}" of topic ${topic} holds ${dims} in ${episodes[0]!.fileName}`,
      );
    return given ?? fromMessage ?? Array.from({ length: dims }, (_, i) => `${what}_${i}`);
  };
  probes.forEach((probe, i) => {
    const name = episodes[i]!.fileName;
    const differ = (what: string, topic: string, field: string, mine: number, theirs: number) =>
      new LeRobotExportError(`${name}: field "${field}" of topic ${topic} (the ${what}) holds ${mine} numbers, where ${episodes[0]!.fileName} holds ${theirs}`);
    if (probe.stateDims !== first.stateDims) throw differ('state', mapping.state.topic, mapping.state.field, probe.stateDims, first.stateDims);
    if (mapping.action && probe.actionDims !== first.actionDims)
      throw differ('action', mapping.action.topic, mapping.action.field, probe.actionDims!, first.actionDims!);
    probe.cameraShapes.forEach((shape, c) => {
      const expected = first.cameraShapes[c]!;
      if (shape.height !== expected.height || shape.width !== expected.width || shape.channels !== expected.channels) {
        const camera = mapping.cameras![c]!;
        const text = (s: typeof shape) => `${s.height}×${s.width}×${s.channels}`;
        throw new LeRobotExportError(
          `${name}: the images of topic ${camera.topic} (camera "${camera.name}") are ${text(shape)}, where ${episodes[0]!.fileName}'s are ${text(expected)}`,
        );
      }
    });
  });
  return {
    state: { names: names('state', mapping.state.names, first.stateNames, first.stateDims, mapping.state.topic, mapping.state.field) },
    ...(mapping.action && {
      action: { names: names('action', mapping.action.names, first.actionNames, first.actionDims!, mapping.action.topic, mapping.action.field) },
    }),
    cameras: (mapping.cameras ?? []).map((camera, c) => ({ name: camera.name, key: imageKey(camera.name), shape: first.cameraShapes[c]! })),
  };
}

async function prepareOutput(outputDir: string): Promise<void> {
  await mkdir(outputDir, { recursive: true });
  if ((await readdir(outputDir)).length > 0) throw new LeRobotExportError(`The output directory ${outputDir} is not empty`);
}

async function emptyDirectory(outputDir: string): Promise<void> {
  const entries = await readdir(outputDir).catch(() => []);
  await Promise.all(entries.map((entry) => rm(join(outputDir, entry), { recursive: true, force: true })));
}

/**
 * Exports recordings as a LeRobot v3 dataset into `outputDir`: one episode per recording (or clip). Everything is checked
 * first (the mapping, every mapped topic in every recording, the fields resolving to numbers, dimensions and image
 * shapes agreeing across episodes); then each episode is sampled at the mapping's fps (sampleFrames) and its frames
 * written row group by row group, so memory holds one row group and the chunks being read, never a recording or the
 * dataset. A failure of any kind leaves the output directory empty: LeRobotExportError for what the recordings and
 * the mapping make impossible, the ByteSource's own error (storage) as it was.
 */
export async function exportLeRobot(options: ExportLeRobotOptions): Promise<LeRobotExportTotals> {
  const { episodes, outputDir, signal } = options;
  const mapping = parseMapping(options.mapping);
  if (episodes.length === 0) throw new LeRobotExportError('There are no episodes to export');
  const taskOf = (episode: LeRobotEpisodeInput) => {
    const task = episode.task?.trim() || mapping.task;
    if (!task) throw new LeRobotExportError(`${episode.fileName} has no task text, and the mapping gives none: LeRobot needs a task for every episode`);
    return task;
  };
  episodes.forEach(taskOf);
  await prepareOutput(outputDir);

  const chunksSize = options.chunksSize ?? DEFAULT_CHUNKS_SIZE;
  const dataFileSizeMb = options.dataFileSizeMb ?? DEFAULT_DATA_FILE_SIZE_MB;
  let writer: DataWriter | undefined;
  try {
    const probes: EpisodeProbe[] = [];
    for (const episode of episodes) {
      signal?.throwIfAborted();
      probes.push(await withRecording(episode, (recording) => probeEpisode(recording, episode.fileName, mapping, episode.clip)));
    }
    const features = datasetFeatures(mapping, episodes, probes);
    writer = new DataWriter(outputDir, features, {
      chunksSize,
      fileBytes: dataFileSizeMb * 1024 * 1024,
      rowGroupRows: ROW_GROUP_ROWS,
      rowGroupImageBytes: ROW_GROUP_IMAGE_BYTES,
    });

    const tasks: string[] = [];
    const records: EpisodeRecord[] = [];
    let framesExpected = probes.reduce((sum, probe) => sum + probe.expectedFrames, 0);
    let framesDone = 0;
    let reported = 0;
    const report = () => {
      reported = framesDone;
      options.onProgress?.({ framesDone, framesExpected: Math.max(framesExpected, framesDone) });
    };
    const statKeys = [STATE, ...(features.action ? [ACTION] : []), ...FRAME_COLUMNS];

    for (const [episodeIndex, episode] of episodes.entries()) {
      const task = taskOf(episode);
      let taskIndex = tasks.indexOf(task);
      if (taskIndex < 0) taskIndex = tasks.push(task) - 1;
      const stats = new Map(
        statKeys.map((key) => [key, new FeatureStats(key === STATE ? features.state.names.length : key === ACTION ? features.action!.names.length : 1)]),
      );
      const [stateStats, actionStats, timestampStats, frameStats, episodeStats, indexStats, taskStats] = [
        stats.get(STATE)!,
        stats.get(ACTION),
        ...FRAME_COLUMNS.map((key) => stats.get(key)!),
      ] as [FeatureStats, FeatureStats | undefined, FeatureStats, FeatureStats, FeatureStats, FeatureStats, FeatureStats];
      await writer.startEpisode();
      const dataWriter = writer;
      const firstIndex = framesDone;
      const length = await withRecording(episode, (recording) =>
        sampleFrames(
          recording.messages(
            [...new Set([mapping.state.topic, ...(mapping.action ? [mapping.action.topic] : []), ...(mapping.cameras ?? []).map((c) => c.topic)])],
            episode.clip,
          ),
          {
            recording: episode.fileName,
            fps: mapping.fps,
            state: { topic: mapping.state.topic, field: mapping.state.field, dims: features.state.names.length },
            ...(mapping.action &&
              features.action && { action: { topic: mapping.action.topic, field: mapping.action.field, dims: features.action.names.length } }),
            cameras: (mapping.cameras ?? []).map((camera) => ({ topic: camera.topic })),
          },
          (frame) => {
            const frameIndex = framesDone - firstIndex;
            const state = Array.from(frame.state, Math.fround);
            const action = frame.action && Array.from(frame.action, Math.fround);
            const timestamp = Math.fround(frameIndex / mapping.fps);
            stateStats.add(state);
            if (action) actionStats!.add(action);
            timestampStats.addOne(timestamp);
            frameStats.addOne(frameIndex);
            episodeStats.addOne(episodeIndex);
            indexStats.addOne(framesDone);
            taskStats.addOne(taskIndex);
            const written = dataWriter.add({ state, action, images: frame.images, timestamp, frameIndex, episodeIndex, index: framesDone, taskIndex });
            framesDone++;
            if (framesDone - reported >= PROGRESS_EVERY) report();
            if (written) return written.then(() => signal?.throwIfAborted());
            return undefined;
          },
        ),
      );
      if (length === 0) throw new LeRobotExportError(`${episode.fileName}: the mapped topics give no frame${episode.clip ? ' within the clip' : ''}`);
      framesExpected += length - probes[episodeIndex]!.expectedFrames;
      records.push({ episodeIndex, task, length, placement: writer.endEpisode(), stats });
    }
    await writer.close();
    signal?.throwIfAborted();

    const datasetStats = new Map(statKeys.map((key) => [key, new FeatureStats(records[0]!.stats.get(key)!.dims)]));
    for (const record of records) for (const [key, feature] of record.stats) datasetStats.get(key)!.merge(feature);
    const data = writer.totals;
    const bytes =
      data.bytes +
      (await writeEpisodes(outputDir, records)) +
      (await writeTasks(outputDir, tasks)) +
      (await writeStats(
        outputDir,
        datasetStats,
        features.cameras.map((camera) => ({ key: camera.key, count: framesDone })),
      )) +
      (await writeInfo(outputDir, features, {
        robotType: options.robotType ?? null,
        fps: mapping.fps,
        episodes: records.length,
        frames: framesDone,
        tasks: tasks.length,
        chunksSize,
        dataFileSizeMb,
      }));
    framesExpected = framesDone;
    report();
    return { episodes: records.length, frames: framesDone, tasks: tasks.length, bytes, files: data.files + 4 };
  } catch (error) {
    await writer?.abandon();
    await emptyDirectory(outputDir);
    throw error;
  }
}

import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ColumnSource, SchemaElement } from 'hyparquet-writer';
import type { EpisodePlacement } from './data-writer';
import {
  CODEBASE_VERSION,
  DATA_PATH_TEMPLATE,
  DEFAULT_VIDEO_FILE_SIZE_MB,
  EPISODES_PATH,
  featureInfos,
  INFO_PATH,
  listOf,
  scalar,
  STATS_PATH,
  TASKS_PATH,
  type DatasetFeatures,
} from './dataset-layout';
import type { FeatureStats, StatsEntry } from './feature-stats';
import { writeSmallParquet } from './parquet-sink';

/** One row of meta/episodes: where the episode's frames are, its task, and the stats of its numeric features. */
export interface EpisodeRecord {
  episodeIndex: number;
  task: string;
  length: number;
  placement: EpisodePlacement;
  /** Per feature key (observation.state, action, timestamp, frame_index, …). */
  stats: Map<string, FeatureStats>;
}

const STAT_NAMES = ['min', 'max', 'mean', 'std'] as const;

async function ensureParent(path: string): Promise<string> {
  await mkdir(dirname(path), { recursive: true });
  return path;
}

/**
 * meta/episodes/chunk-000/file-000.parquet: the columns LeRobot's loader reads (episode_index, tasks, length,
 * data/chunk_index, data/file_index, dataset_from_index, dataset_to_index, meta/episodes/chunk_index and file_index)
 * and stats/<feature>/min|max|mean|std|count of every numeric feature, as LeRobot writes them. Its size.
 */
export async function writeEpisodes(outputDir: string, episodes: EpisodeRecord[]): Promise<number> {
  const int64 = (values: number[]) => BigInt64Array.from(values, BigInt);
  const schema: SchemaElement[][] = [[scalar('episode_index', 'INT64')], listOf('tasks', 'BYTE_ARRAY', true), [scalar('length', 'INT64')]];
  const columns: ColumnSource[] = [
    { name: 'episode_index', data: int64(episodes.map((episode) => episode.episodeIndex)) },
    { name: 'tasks', data: episodes.map((episode) => [episode.task]) },
    { name: 'length', data: int64(episodes.map((episode) => episode.length)) },
  ];
  const placements: [string, (placement: EpisodePlacement) => number][] = [
    ['data/chunk_index', (placement) => placement.chunkIndex],
    ['data/file_index', (placement) => placement.fileIndex],
    ['dataset_from_index', (placement) => placement.from],
    ['dataset_to_index', (placement) => placement.to],
  ];
  for (const [name, read] of placements) {
    schema.push([scalar(name, 'INT64')]);
    columns.push({ name, data: int64(episodes.map((episode) => read(episode.placement))) });
  }
  for (const key of episodes[0]?.stats.keys() ?? []) {
    const entries = episodes.map((episode) => episode.stats.get(key)!.entry());
    for (const stat of STAT_NAMES) {
      schema.push(listOf(`stats/${key}/${stat}`, 'DOUBLE'));
      columns.push({ name: `stats/${key}/${stat}`, data: entries.map((entry) => entry[stat]) });
    }
    schema.push(listOf(`stats/${key}/count`, 'INT64'));
    columns.push({ name: `stats/${key}/count`, data: entries.map((entry) => [BigInt(entry.count[0])]) });
  }
  for (const name of ['meta/episodes/chunk_index', 'meta/episodes/file_index']) {
    schema.push([scalar(name, 'INT64')]);
    columns.push({ name, data: new BigInt64Array(episodes.length) });
  }
  const path = await ensureParent(join(outputDir, EPISODES_PATH));
  return writeSmallParquet(path, [{ name: 'schema', num_children: schema.length }, ...schema.flat()], columns);
}

/**
 * meta/tasks.parquet as LeRobot writes it, a pandas DataFrame of task_index indexed by the task text: the `pandas`
 * metadata names `task` as the index column, so pd.read_parquet gives the text as the index (tasks.loc[text]).
 */
export async function writeTasks(outputDir: string, tasks: string[]): Promise<number> {
  const pandas = {
    index_columns: ['task'],
    column_indexes: [{ name: null, field_name: null, pandas_type: 'unicode', numpy_type: 'object', metadata: { encoding: 'UTF-8' } }],
    columns: [
      { name: 'task_index', field_name: 'task_index', pandas_type: 'int64', numpy_type: 'int64', metadata: null },
      { name: 'task', field_name: 'task', pandas_type: 'unicode', numpy_type: 'object', metadata: null },
    ],
    creator: { library: 'edp-console', version: '1' },
    pandas_version: '2.2.3',
  };
  const schema: SchemaElement[] = [
    { name: 'schema', num_children: 2 },
    scalar('task_index', 'INT64'),
    { name: 'task', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'REQUIRED' },
  ];
  const columns: ColumnSource[] = [
    { name: 'task_index', data: BigInt64Array.from(tasks, (_, i) => BigInt(i)) },
    { name: 'task', data: tasks },
  ];
  const path = await ensureParent(join(outputDir, TASKS_PATH));
  return writeSmallParquet(path, schema, columns, [{ key: 'pandas', value: JSON.stringify(pandas) }]);
}

export interface InfoTotals {
  robotType: string | null;
  fps: number;
  episodes: number;
  frames: number;
  tasks: number;
  chunksSize: number;
  dataFileSizeMb: number;
}

/** meta/info.json: LeRobot's create_empty_dataset_info with the totals filled in, all episodes in the train split. Its size. */
export async function writeInfo(outputDir: string, features: DatasetFeatures, totals: InfoTotals): Promise<number> {
  const info = {
    codebase_version: CODEBASE_VERSION,
    robot_type: totals.robotType,
    total_episodes: totals.episodes,
    total_frames: totals.frames,
    total_tasks: totals.tasks,
    chunks_size: totals.chunksSize,
    data_files_size_in_mb: totals.dataFileSizeMb,
    video_files_size_in_mb: DEFAULT_VIDEO_FILE_SIZE_MB,
    fps: totals.fps,
    splits: { train: `0:${totals.episodes}` },
    data_path: DATA_PATH_TEMPLATE,
    video_path: null,
    features: featureInfos(features),
  };
  return writeJson(join(outputDir, INFO_PATH), info);
}

/**
 * meta/stats.json: the dataset's stats per feature, combined from the episodes'. Images have their frame count only:
 * their pixel statistics would need every image decoded (LeRobot's trainers default to ImageNet's for cameras).
 */
export async function writeStats(outputDir: string, stats: Map<string, FeatureStats>, images: { key: string; count: number }[]): Promise<number> {
  const json: Record<string, StatsEntry | { count: [number] }> = {};
  for (const [key, feature] of stats) json[key] = feature.entry();
  for (const image of images) json[image.key] = { count: [image.count] };
  return writeJson(join(outputDir, STATS_PATH), json);
}

async function writeJson(path: string, value: unknown): Promise<number> {
  const text = `${JSON.stringify(value, null, 4)}\n`;
  await writeFile(await ensureParent(path), text, { flag: 'wx' });
  return Buffer.byteLength(text);
}

import { expect } from 'vitest';
import type { ExportedDataset } from './read-dataset';

const INT64_COLUMNS = ['frame_index', 'episode_index', 'index', 'task_index'];

/** Population statistics of `rows` (vectors), per dimension, as numpy computes them. */
function statsOf(rows: number[][]) {
  const dims = rows[0]!.length;
  const column = (i: number) => rows.map((row) => row[i]!);
  const mean = Array.from({ length: dims }, (_, i) => column(i).reduce((sum, value) => sum + value, 0) / rows.length);
  const std = mean.map((m, i) => Math.sqrt(column(i).reduce((sum, value) => sum + (value - m) ** 2, 0) / rows.length));
  return { min: mean.map((_, i) => Math.min(...column(i))), max: mean.map((_, i) => Math.max(...column(i))), mean, std, count: [rows.length] };
}

function expectStatsClose(actual: Record<string, unknown> | undefined, rows: number[][], what: string): void {
  expect(actual, what).toBeDefined();
  const expected = statsOf(rows);
  for (const stat of ['min', 'max', 'mean', 'std'] as const) {
    const values = actual![stat] as number[];
    expect(values, `${what} ${stat}`).toHaveLength(expected[stat].length);
    values.forEach((value, i) => expect(value, `${what} ${stat}[${i}]`).toBeCloseTo(expected[stat][i]!, 9));
  }
  expect((actual!.count as (number | bigint)[]).map(Number), `${what} count`).toEqual(expected.count);
}

/**
 * LeRobot v3's rules, checked on a dataset read back with hyparquet: info.json's layout and totals; every feature in
 * every row with its dtype and shape; the global index contiguous; episodes contiguous, their from/to indexes and
 * lengths those of their rows; frame_index and timestamp (frame_index / fps) restarting at 0 in every episode; tasks
 * as LeRobot's pandas frame; stats equal to the rows' own.
 */
export function expectLeRobotRules(dataset: ExportedDataset): void {
  const { info, frames, episodes, tasks } = dataset;
  expect(info.codebase_version).toBe('v3.0');
  expect(info.data_path).toBe('data/chunk-{chunk_index:03d}/file-{file_index:03d}.parquet');
  expect(info.video_path).toBeNull();
  expect(info.total_frames).toBe(frames.length);
  expect(info.total_episodes).toBe(episodes.length);
  expect(info.total_tasks).toBe(tasks.length);
  expect(info.splits).toEqual({ train: `0:${episodes.length}` });
  for (const [name, feature] of Object.entries({ timestamp: 'float32', frame_index: 'int64', episode_index: 'int64', index: 'int64', task_index: 'int64' }))
    expect(info.features[name], name).toEqual({ dtype: feature, shape: [1], names: null });

  // Every feature in every row, with its dtype and shape.
  for (const frame of frames) {
    for (const [name, feature] of Object.entries(info.features)) {
      const value = frame[name];
      if (feature.dtype === 'image') {
        expect(feature.names).toEqual(['height', 'width', 'channels']);
        expect((value as { bytes: unknown }).bytes, name).toBeInstanceOf(Uint8Array);
      } else if (feature.shape[0] === 1 && feature.names === null) {
        expect(typeof value, name).toBe(feature.dtype === 'int64' ? 'bigint' : 'number');
      } else {
        expect(value, name).toHaveLength(feature.shape[0]!);
        expect(feature.names, name).toHaveLength(feature.shape[0]!);
        for (const number of value as number[]) expect(Math.fround(number), name).toBe(number); // float32 values
      }
    }
  }
  // The Parquet types behind the dtypes: float32 lists and timestamps, int64 indexes.
  for (const metadata of dataset.dataMetadata) {
    const types = new Map(metadata.schema.map((element) => [element.name, element.type]));
    expect(types.get('timestamp')).toBe('FLOAT');
    for (const name of INT64_COLUMNS) expect(types.get(name), name).toBe('INT64');
    expect(metadata.schema.filter((element) => element.name === 'element').every((element) => element.type === 'FLOAT')).toBe(true);
  }

  // The global index is contiguous; episodes are contiguous ranges of it.
  expect(frames.map((frame) => Number(frame.index))).toEqual(frames.map((_, i) => i));
  let next = 0;
  episodes.forEach((episode, e) => {
    const [from, to, length] = [Number(episode.dataset_from_index), Number(episode.dataset_to_index), Number(episode.length)];
    expect(Number(episode.episode_index)).toBe(e);
    expect(from, `episode ${e} starts where the previous ended`).toBe(next);
    expect(to - from).toBe(length);
    next = to;
    const rows = frames.slice(from, to);
    expect(rows.every((row) => Number(row.episode_index) === e)).toBe(true);
    expect(rows.every((row) => row.file === rows[0]!.file)).toBe(true);
    rows.forEach((row, i) => {
      expect(Number(row.frame_index)).toBe(i);
      expect(row.timestamp).toBe(Math.fround(i / info.fps));
    });
    const taskIndex = Number(rows[0]!.task_index);
    expect(rows.every((row) => Number(row.task_index) === taskIndex)).toBe(true);
    expect(episode.tasks).toEqual([tasks.find((task) => Number(task.task_index) === taskIndex)!.task]);
    expect(Number(episode['meta/episodes/chunk_index'])).toBe(0);
    for (const key of ['observation.state', ...(info.features.action ? ['action'] : [])]) {
      expectStatsClose(
        {
          min: episode[`stats/${key}/min`],
          max: episode[`stats/${key}/max`],
          mean: episode[`stats/${key}/mean`],
          std: episode[`stats/${key}/std`],
          count: episode[`stats/${key}/count`],
        } as Record<string, unknown>,
        rows.map((row) => row[key] as number[]),
        `episode ${e} ${key}`,
      );
    }
  });
  expect(next).toBe(frames.length);

  // Tasks: LeRobot's pandas frame, the text as its index.
  expect(tasks.map((task) => Number(task.task_index))).toEqual(tasks.map((_, i) => i));
  const pandas = JSON.parse(dataset.tasksMetadata.key_value_metadata!.find((entry) => entry.key === 'pandas')!.value!) as { index_columns: string[] };
  expect(pandas.index_columns).toEqual(['task']);

  // stats.json: the rows' own statistics.
  for (const key of ['observation.state', ...(info.features.action ? ['action'] : [])])
    expectStatsClose(
      dataset.stats[key],
      frames.map((row) => row[key] as number[]),
      key,
    );
  expectStatsClose(
    dataset.stats.timestamp,
    frames.map((row) => [row.timestamp as number]),
    'timestamp',
  );
  expectStatsClose(
    dataset.stats.index,
    frames.map((row) => [Number(row.index)]),
    'index',
  );
}

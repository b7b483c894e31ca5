import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';

/** A Parquet file read back with hyparquet (an independent reader): its rows (byte arrays as bytes) and its metadata. */
export async function readParquet(path: string): Promise<{ rows: Record<string, unknown>[]; metadata: ReturnType<typeof parquetMetadata> }> {
  const bytes = await readFile(path);
  const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  return { rows: await parquetReadObjects({ file, utf8: false }), metadata: parquetMetadata(file) };
}

export interface ExportedDataset {
  info: {
    codebase_version: string;
    robot_type: string | null;
    fps: number;
    total_episodes: number;
    total_frames: number;
    total_tasks: number;
    chunks_size: number;
    data_path: string;
    video_path: string | null;
    splits: Record<string, string>;
    features: Record<string, { dtype: string; shape: number[]; names: string[] | null }>;
  };
  stats: Record<string, Record<string, unknown>>;
  tasks: Record<string, unknown>[];
  tasksMetadata: ReturnType<typeof parquetMetadata>;
  episodes: Record<string, unknown>[];
  /** Every data file's rows, in index order, with the file they came from. */
  frames: (Record<string, unknown> & { file: string })[];
  dataMetadata: ReturnType<typeof parquetMetadata>[];
}

const pad = (n: number) => String(n).padStart(3, '0');

/** The whole dataset as LeRobot would find it: info.json, stats.json, tasks, episodes, and the data files they name. */
export async function readDataset(dir: string): Promise<ExportedDataset> {
  const info = JSON.parse(await readFile(join(dir, 'meta/info.json'), 'utf8')) as ExportedDataset['info'];
  const stats = JSON.parse(await readFile(join(dir, 'meta/stats.json'), 'utf8')) as ExportedDataset['stats'];
  const tasks = await readParquet(join(dir, 'meta/tasks.parquet'));
  const episodes = await readParquet(join(dir, 'meta/episodes/chunk-000/file-000.parquet'));
  const files = [
    ...new Set(
      episodes.rows.map((episode) => `data/chunk-${pad(Number(episode['data/chunk_index']))}/file-${pad(Number(episode['data/file_index']))}.parquet`),
    ),
  ];
  const frames: ExportedDataset['frames'] = [];
  const dataMetadata = [];
  for (const file of files) {
    const data = await readParquet(join(dir, file));
    frames.push(...data.rows.map((row) => ({ ...row, file })));
    dataMetadata.push(data.metadata);
  }
  return { info, stats, tasks: tasks.rows, tasksMetadata: tasks.metadata, episodes: episodes.rows, frames, dataMetadata };
}

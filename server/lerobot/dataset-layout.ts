import type { KeyValue, SchemaElement } from 'hyparquet-writer';
import type { ImageShape } from './image-bytes';

/**
 * The LeRobot v3 layout (huggingface/lerobot, src/lerobot/datasets/utils.py): where each file goes, how info.json
 * describes the features, and the Parquet schemas of the frames as Hugging Face datasets reads them back.
 */

export const CODEBASE_VERSION = 'v3.0';
/** LeRobot's defaults: files per chunk directory, and the size after which the next episode starts a new data file. */
export const DEFAULT_CHUNKS_SIZE = 1000;
export const DEFAULT_DATA_FILE_SIZE_MB = 100;
export const DEFAULT_VIDEO_FILE_SIZE_MB = 500;

export const INFO_PATH = 'meta/info.json';
export const STATS_PATH = 'meta/stats.json';
export const TASKS_PATH = 'meta/tasks.parquet';
export const EPISODES_PATH = 'meta/episodes/chunk-000/file-000.parquet';
export const DATA_PATH_TEMPLATE = 'data/chunk-{chunk_index:03d}/file-{file_index:03d}.parquet';

const pad = (index: number) => String(index).padStart(3, '0');
export const dataFilePath = (chunk: number, file: number) => `data/chunk-${pad(chunk)}/file-${pad(file)}.parquet`;

export const STATE = 'observation.state';
export const ACTION = 'action';
export const imageKey = (camera: string) => `observation.images.${camera}`;

/** The columns every LeRobot frame has beside its features, in LeRobot's order (DEFAULT_FEATURES). */
export const FRAME_COLUMNS = ['timestamp', 'frame_index', 'episode_index', 'index', 'task_index'] as const;

/** What the mapping and the first messages of the recordings fix about every frame. */
export interface DatasetFeatures {
  state: { names: string[] };
  action?: { names: string[] };
  cameras: { name: string; key: string; shape: ImageShape }[];
}

export interface FeatureInfo {
  dtype: 'float32' | 'int64' | 'image';
  shape: number[];
  names: string[] | null;
}

/** info.json's `features`: state, action, each camera, then the frame columns. */
export function featureInfos(features: DatasetFeatures): Record<string, FeatureInfo> {
  const infos: Record<string, FeatureInfo> = {
    [STATE]: { dtype: 'float32', shape: [features.state.names.length], names: features.state.names },
  };
  if (features.action) infos[ACTION] = { dtype: 'float32', shape: [features.action.names.length], names: features.action.names };
  for (const camera of features.cameras) {
    infos[camera.key] = { dtype: 'image', shape: [camera.shape.height, camera.shape.width, camera.shape.channels], names: ['height', 'width', 'channels'] };
  }
  infos.timestamp = { dtype: 'float32', shape: [1], names: null };
  for (const column of ['frame_index', 'episode_index', 'index', 'task_index']) infos[column] = { dtype: 'int64', shape: [1], names: null };
  return infos;
}

/** A list column of one primitive type, three levels as Parquet's LIST logical type (and pyarrow) writes it. */
export const listOf = (name: string, type: 'FLOAT' | 'DOUBLE' | 'INT64' | 'BYTE_ARRAY', utf8 = false): SchemaElement[] => [
  { name, repetition_type: 'REQUIRED', converted_type: 'LIST', num_children: 1 },
  { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
  { name: 'element', type, repetition_type: 'REQUIRED', ...(utf8 ? { converted_type: 'UTF8' as const } : {}) },
];

/** An image as Hugging Face datasets stores one: a struct of the encoded bytes and a path (null: the bytes are the image). */
const imageStruct = (name: string): SchemaElement[] => [
  { name, repetition_type: 'REQUIRED', num_children: 2 },
  { name: 'bytes', type: 'BYTE_ARRAY', repetition_type: 'OPTIONAL' },
  { name: 'path', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' },
];

export const scalar = (name: string, type: 'FLOAT' | 'INT64' | 'DOUBLE'): SchemaElement => ({ name, type, repetition_type: 'REQUIRED' });

/** The Parquet schema of a data file: one column per feature of featureInfos, in its order. */
export function dataSchema(features: DatasetFeatures): SchemaElement[] {
  const columns: SchemaElement[][] = [listOf(STATE, 'FLOAT')];
  if (features.action) columns.push(listOf(ACTION, 'FLOAT'));
  for (const camera of features.cameras) columns.push(imageStruct(camera.key));
  columns.push([scalar('timestamp', 'FLOAT')], ...['frame_index', 'episode_index', 'index', 'task_index'].map((name) => [scalar(name, 'INT64')]));
  return [{ name: 'schema', num_children: columns.length }, ...columns.flat()];
}

/**
 * The `huggingface` key-value metadata datasets writes into its Parquet files: the features as datasets types, so
 * `datasets.load_dataset("parquet", …)` gives images as images and vectors as fixed-length sequences without being told.
 * (LeRobot itself passes the features from info.json.)
 */
export function huggingFaceMetadata(features: DatasetFeatures): KeyValue[] {
  const value = (dtype: string) => ({ dtype, _type: 'Value' });
  const sequence = (length: number) => ({ feature: value('float32'), length, _type: 'Sequence' });
  const hf: Record<string, unknown> = { [STATE]: sequence(features.state.names.length) };
  if (features.action) hf[ACTION] = sequence(features.action.names.length);
  for (const camera of features.cameras) hf[camera.key] = { _type: 'Image' };
  hf.timestamp = value('float32');
  for (const column of ['frame_index', 'episode_index', 'index', 'task_index']) hf[column] = value('int64');
  return [{ key: 'huggingface', value: JSON.stringify({ info: { features: hf } }) }];
}

import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ColumnSource } from 'hyparquet-writer';
import { ACTION, dataFilePath, dataSchema, huggingFaceMetadata, STATE, type DatasetFeatures } from './dataset-layout';
import { ParquetFile } from './parquet-sink';

/** Where an episode's frames went: its data file and its global index range (to exclusive). */
export interface EpisodePlacement {
  chunkIndex: number;
  fileIndex: number;
  from: number;
  to: number;
}

export interface DataWriterLimits {
  /** Files per chunk directory (info.json's chunks_size). */
  chunksSize: number;
  /** A data file at least this large takes no further episode. */
  fileBytes: number;
  /** A row group is written when it has this many rows… */
  rowGroupRows: number;
  /** …or this many bytes of images, whichever comes first: memory holds one row group. */
  rowGroupImageBytes: number;
}

/** One frame's values as they are stored: state and action already float32 (Math.fround), as the stats saw them. */
export interface StoredFrame {
  state: number[];
  action: number[] | undefined;
  images: Uint8Array[];
  timestamp: number;
  frameIndex: number;
  episodeIndex: number;
  index: number;
  taskIndex: number;
}

/**
 * The frames of all episodes into data/chunk-XXX/file-YYY.parquet: rows gathered column by column into one row group at
 * a time, written when it is full; an episode never spans two files (LeRobot's episodes name one data file each), and a
 * file that has reached its size takes no further episode. Memory holds one row group.
 */
export class DataWriter {
  private file: ParquetFile | undefined;
  private chunkIndex = 0;
  private fileIndex = -1;
  private closedBytes = 0;
  private files = 0;
  private episodeStart = 0;
  private written = 0;
  private readonly schema;
  private readonly metadata;
  private rows: { state: number[][]; action: number[][]; images: { bytes: Uint8Array; path: null }[][]; numbers: number[][] } = DataWriter.emptyRows(0);
  private imageBytes = 0;

  constructor(
    private readonly outputDir: string,
    private readonly features: DatasetFeatures,
    private readonly limits: DataWriterLimits,
  ) {
    this.schema = dataSchema(features);
    this.metadata = huggingFaceMetadata(features);
    this.rows = DataWriter.emptyRows(features.cameras.length);
  }

  private static emptyRows(cameras: number) {
    // numbers: timestamp, frame_index, episode_index, index, task_index
    return { state: [], action: [], images: Array.from({ length: cameras }, () => []), numbers: [[], [], [], [], []] };
  }

  /** Bytes of the data files so far, and how many there are. */
  get totals(): { bytes: number; files: number } {
    return { bytes: this.closedBytes + (this.file?.bytes ?? 0), files: this.files };
  }

  async startEpisode(): Promise<void> {
    if (this.file && this.file.bytes >= this.limits.fileBytes) {
      await this.flush();
      this.closedBytes += await this.file.close();
      this.file = undefined;
    }
    if (!this.file) {
      this.fileIndex++;
      if (this.fileIndex === this.limits.chunksSize) [this.chunkIndex, this.fileIndex] = [this.chunkIndex + 1, 0];
      const path = join(this.outputDir, dataFilePath(this.chunkIndex, this.fileIndex));
      await mkdir(dirname(path), { recursive: true });
      this.file = await ParquetFile.create(path, this.schema, this.metadata);
      this.files++;
    }
    this.episodeStart = this.written;
  }

  /** Adds a frame; a promise when it filled the row group, which is then being written. */
  add(frame: StoredFrame): Promise<void> | undefined {
    this.rows.state.push(frame.state);
    if (frame.action) this.rows.action.push(frame.action);
    for (let i = 0; i < frame.images.length; i++) {
      this.rows.images[i]!.push({ bytes: frame.images[i]!, path: null });
      this.imageBytes += frame.images[i]!.byteLength;
    }
    const [timestamp, frameIndex, episodeIndex, index, taskIndex] = this.rows.numbers as [number[], number[], number[], number[], number[]];
    timestamp.push(frame.timestamp);
    frameIndex.push(frame.frameIndex);
    episodeIndex.push(frame.episodeIndex);
    index.push(frame.index);
    taskIndex.push(frame.taskIndex);
    this.written++;
    return this.rows.state.length >= this.limits.rowGroupRows || this.imageBytes >= this.limits.rowGroupImageBytes ? this.flush() : undefined;
  }

  endEpisode(): EpisodePlacement {
    return { chunkIndex: this.chunkIndex, fileIndex: this.fileIndex, from: this.episodeStart, to: this.written };
  }

  private async flush(): Promise<void> {
    const count = this.rows.state.length;
    if (count === 0 || !this.file) return;
    const { state, action, images, numbers } = this.rows;
    const int64 = (values: number[]) => BigInt64Array.from(values, BigInt);
    const columns: ColumnSource[] = [{ name: STATE, data: state }];
    if (this.features.action) columns.push({ name: ACTION, data: action });
    // Images are stored as recorded: no compression, dictionary or statistics over bytes that are already compressed.
    this.features.cameras.forEach((camera, i) =>
      columns.push({ name: camera.key, data: images[i]!, encoding: 'PLAIN', codec: 'UNCOMPRESSED', statistics: false }),
    );
    columns.push(
      { name: 'timestamp', data: Float32Array.from(numbers[0]!) },
      { name: 'frame_index', data: int64(numbers[1]!) },
      { name: 'episode_index', data: int64(numbers[2]!) },
      { name: 'index', data: int64(numbers[3]!) },
      { name: 'task_index', data: int64(numbers[4]!) },
    );
    this.rows = DataWriter.emptyRows(this.features.cameras.length);
    this.imageBytes = 0;
    await this.file.writeRowGroup(columns, count);
  }

  /** Writes what is left and closes the last file. */
  async close(): Promise<void> {
    await this.flush();
    if (this.file) this.closedBytes += await this.file.close();
    this.file = undefined;
  }

  /** Closes the open file without finishing it: the export failed and its directory is emptied. */
  async abandon(): Promise<void> {
    await this.file?.abandon();
    this.file = undefined;
  }
}

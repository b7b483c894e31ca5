import { open, writeFile, type FileHandle } from 'node:fs/promises';
import { ByteWriter, ParquetWriter, parquetWrite, type ColumnSource, type KeyValue, type SchemaElement } from 'hyparquet-writer';

/**
 * hyparquet-writer's ByteWriter, emptied into a file after every row group: ParquetWriter calls flush() after each one
 * and awaits it, so memory holds the row group being encoded, never the file.
 */
class FileByteWriter extends ByteWriter {
  constructor(private readonly handle: FileHandle) {
    super(1024 * 1024);
  }

  async flush(): Promise<void> {
    if (this.index === 0) return;
    await this.handle.write(new Uint8Array(this.buffer, 0, this.index));
    this.index = 0;
  }

  override async finish(): Promise<void> {
    await this.flush();
  }
}

/** A Parquet file written row group by row group (hyparquet-writer's ParquetWriter over a file). */
export class ParquetFile {
  private constructor(
    private readonly handle: FileHandle,
    private readonly writer: FileByteWriter,
    private readonly parquet: ParquetWriter,
  ) {}

  static async create(path: string, schema: SchemaElement[], kvMetadata?: KeyValue[]): Promise<ParquetFile> {
    const handle = await open(path, 'wx');
    const writer = new FileByteWriter(handle);
    return new ParquetFile(handle, writer, new ParquetWriter({ writer, schema, kvMetadata, createdBy: 'edp-console lerobot export' }));
  }

  /** Bytes written so far. */
  get bytes(): number {
    return this.writer.offset;
  }

  /** One row group of `rows` rows (every column holds that many values). */
  async writeRowGroup(columnData: ColumnSource[], rows: number): Promise<void> {
    await this.parquet.write({ columnData, rowGroupSize: rows });
  }

  /** Writes the footer and closes the file: its size. */
  async close(): Promise<number> {
    try {
      await this.parquet.finish();
    } finally {
      await this.handle.close();
    }
    return this.writer.offset;
  }

  /** Closes the file without a footer (the export failed; the file is removed with the rest). */
  async abandon(): Promise<void> {
    await this.handle.close().catch(() => undefined);
  }
}

/** A small Parquet file (the metadata tables) written at once: its size. */
export async function writeSmallParquet(path: string, schema: SchemaElement[], columnData: ColumnSource[], kvMetadata?: KeyValue[]): Promise<number> {
  const writer = new ByteWriter();
  await parquetWrite({
    writer,
    schema,
    columnData,
    kvMetadata,
    createdBy: 'edp-console lerobot export',
    rowGroupSize: Math.max(1, columnData[0]?.data.length ?? 1),
  });
  const bytes = writer.getBytes();
  await writeFile(path, bytes, { flag: 'wx' });
  return bytes.byteLength;
}

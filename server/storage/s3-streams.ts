import { Transform, pipeline, type Readable } from 'node:stream';

/** Stream shaping for S3, which wants every request's length up front (no chunked uploads). */

const asBuffer = (chunk: Buffer | string) => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk);

/** Cuts a stream of unknown length into `size`-byte buffers (the last one shorter); holds one buffer at a time. */
export async function* chunksOf(source: Readable, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let length = 0;
  for await (const chunk of source) {
    let bytes = asBuffer(chunk as Buffer | string);
    while (length + bytes.length >= size) {
      const take = size - length;
      pending.push(bytes.subarray(0, take));
      yield Buffer.concat(pending, size);
      pending = [];
      length = 0;
      bytes = bytes.subarray(take);
    }
    if (bytes.length > 0) {
      pending.push(bytes);
      length += bytes.length;
    }
  }
  if (length > 0) yield Buffer.concat(pending, length);
}

/**
 * Passes `source` through, failing if it yields more or fewer than `size` bytes: the Content-Length sent with it is
 * a promise. The SDK does not watch its body for errors, so `onError` (which aborts the request) is told instead;
 * otherwise a short body would leave the request waiting for bytes that never come.
 */
export function exactLength(source: Readable, size: number, onError: (error: Error) => void): Readable {
  let seen = 0;
  const check = new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      const bytes = asBuffer(chunk);
      seen += bytes.length;
      done(seen > size ? new Error(`The body is longer than the ${size} bytes announced`) : null, bytes);
    },
    flush(done) {
      done(seen < size ? new Error(`The body ended after ${seen} of the ${size} bytes announced`) : null);
    },
  });
  return pipeline(source, check, (error) => {
    if (error) onError(error);
  });
}

/** Reads a whole (small) stream, refusing one longer than `limit` bytes. */
export async function readAll(source: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of source) {
    const bytes = asBuffer(chunk as Buffer | string);
    length += bytes.length;
    if (length > limit) {
      source.destroy();
      throw new Error(`A part of unknown size is buffered in memory and limited to ${limit} bytes; pass its size to stream it`);
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, length);
}

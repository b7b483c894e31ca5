import type { LogEntry } from './log-api';

/** Lines with seq above `after` (and below `before`), each seq once, in order given (ascending). */
export const between = (lines: readonly LogEntry[], after: number, before: number) => {
  const kept: LogEntry[] = [];
  for (const line of lines) if (line.seq > (kept.at(-1)?.seq ?? after) && line.seq < before) kept.push(line);
  return kept;
};

/** Lines appended live go into the last chunk while it is smaller than this (copying at most this many). */
const SMALL_CHUNK = 256;

/**
 * The loaded stretch of a log: ascending by seq, each seq once. An immutable deque of chunks, so a
 * page prepended or a few live lines appended cost their own size (plus the chunk list), never a copy
 * of every loaded line; a line by index is a binary search over the chunks.
 */
export class LogLines {
  static readonly empty = new LogLines([]);

  /** Where each chunk starts, by index. */
  private readonly starts: number[];
  readonly length: number;

  private constructor(private readonly chunks: readonly (readonly LogEntry[])[]) {
    this.starts = [];
    let length = 0;
    for (const chunk of chunks) {
      this.starts.push(length);
      length += chunk.length;
    }
    this.length = length;
  }

  /** Lines in ascending order (as cleanLines leaves them). */
  static of(lines: readonly LogEntry[]): LogLines {
    return lines.length ? new LogLines([lines]) : LogLines.empty;
  }

  get first(): LogEntry | undefined {
    return this.chunks[0]?.[0];
  }

  get last(): LogEntry | undefined {
    return this.chunks.at(-1)?.at(-1);
  }

  private chunkAt(index: number): number {
    let [low, high] = [0, this.chunks.length - 1];
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.starts[middle]! <= index) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  at(index: number): LogEntry | undefined {
    if (index < 0 || index >= this.length) return undefined;
    const chunk = this.chunkAt(index);
    return this.chunks[chunk]![index - this.starts[chunk]!];
  }

  /** The index of the line with this seq, or -1. */
  indexOfSeq(seq: number): number {
    let [low, high] = [0, this.length - 1];
    while (low <= high) {
      const middle = (low + high) >> 1;
      const found = this.at(middle)!.seq;
      if (found === seq) return middle;
      if (found < seq) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  /** Older lines before these: those not before the first loaded line are dropped (seen already). */
  prepend(lines: readonly LogEntry[]): LogLines {
    const older = between(lines, -Infinity, this.first?.seq ?? Infinity);
    return older.length ? new LogLines([older, ...this.chunks]) : this;
  }

  /** Newer lines after these: those not after the last loaded line are dropped (seen already). */
  append(lines: readonly LogEntry[]): LogLines {
    const newer = between(lines, this.last?.seq ?? -Infinity, Infinity);
    if (!newer.length) return this;
    const tail = this.chunks.at(-1);
    if (tail && tail.length < SMALL_CHUNK && newer.length < SMALL_CHUNK) return new LogLines([...this.chunks.slice(0, -1), [...tail, ...newer]]);
    return new LogLines([...this.chunks, newer]);
  }

  /** Without the first `count` lines. */
  dropFront(count: number): LogLines {
    if (count <= 0) return this;
    if (count >= this.length) return LogLines.empty;
    const chunk = this.chunkAt(count);
    const rest = this.chunks.slice(chunk);
    rest[0] = rest[0]!.slice(count - this.starts[chunk]!);
    return new LogLines(rest);
  }

  /** Without the last `count` lines. */
  dropBack(count: number): LogLines {
    if (count <= 0) return this;
    if (count >= this.length) return LogLines.empty;
    const keep = this.length - count;
    const chunk = this.chunkAt(keep - 1);
    const rest = this.chunks.slice(0, chunk + 1);
    rest[chunk] = rest[chunk]!.slice(0, keep - this.starts[chunk]!);
    return new LogLines(rest);
  }

  /** The last `count` lines, as an array (a tail of a few lines). */
  lastLines(count: number): LogEntry[] {
    const from = Math.max(0, this.length - count);
    return Array.from({ length: this.length - from }, (_, i) => this.at(from + i)!);
  }
}

/** What a parsed recording (.mcap or ROS1 .bag) is: the types the parsers return, and the error they throw. */

/** Random access to a stored object's bytes (the storage module's ranged GET backs it; tests back it with a file or a Buffer). */
export interface ByteSource {
  size: number;
  /** Exactly `length` bytes from `offset`; the parsers never ask beyond `size`. */
  read(offset: number, length: number): Promise<Uint8Array>;
  /**
   * The same into `target` (its whole length), where the source can: the parsers read a file through one reused
   * buffer, as fresh memory for every read costs more than the read itself (page faults).
   */
  readInto?(offset: number, target: Uint8Array): Promise<void>;
}

import type { TopicSummary } from '../../model/schemas/upload';

export type { TopicSummary };

export interface RecordingSummary {
  format: 'mcap' | 'bag';
  /**
   * Earliest message time, truncated to the millisecond (the formats count nanoseconds). Null for a recording that holds
   * no message (its recorder heard nothing): neither format keeps a time of its own outside its messages.
   */
  startTime: Date | null;
  endTime: Date | null;
  /** seconds, as the bag entity stores bagDuration; from the nanosecond times, not from the rounded Dates; 0 without messages */
  durationSeconds: number;
  messageCount: number;
  /** Sorted by topic name. */
  topics: TopicSummary[];
}

/** The file is not a readable recording: what is wrong, in English, for the log (the upload flow shows its own text). */
export class RecordingParseError extends Error {
  override name = 'RecordingParseError';
}

/** A failure of the ByteSource itself (storage, network): the caller gets the original error back, never a parse error. */
export class SourceFailure extends Error {
  constructor(override readonly cause: unknown) {
    super('The byte source failed');
  }
}

/** Nanoseconds since the epoch → Date (millisecond precision, truncated). */
export const nsToDate = (ns: bigint) => new Date(Number(ns / 1_000_000n));

/** Nanosecond span → seconds as a float (exact to the nanosecond for spans under 104 days). */
export const spanSeconds = (first: bigint, last: bigint) => Number(last - first) / 1e9;

/** (count − 1) messages over the topic's own span: the mean rate between its first and last message. */
export function frequencyHz(count: number, first: bigint, last: bigint): number {
  const seconds = spanSeconds(first, last);
  return count < 2 || seconds <= 0 ? 0 : (count - 1) / seconds;
}

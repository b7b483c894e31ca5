import { DENSITY_BUCKETS } from '../../model/schemas/upload';

/**
 * A channel never keeps more bins than this: they stay finer than 1/2048 of its own stretch of time (so than a density
 * bucket's share of the recording, by far), in memory that does not grow with the recording's length.
 */
const MAX_BINS = 4096;

/**
 * Message counts by time, only the non-empty bins kept. The recording's span is known only at the end (chunks come out
 * of time order, a streamed MCAP has no summary), so bins start at 1 ms and double in width whenever there are too many.
 */
export class TimeHistogram {
  binNs = 1_000_000n;
  /** Counts keyed by time / binNs, floored (times are unsigned). */
  readonly bins = new Map<number, number>();

  add(time: bigint): void {
    this.count(Number(time / this.binNs), 1);
    if (this.bins.size > MAX_BINS) {
      const bins = [...this.bins];
      this.bins.clear();
      this.binNs *= 2n;
      for (const [key, count] of bins) this.count(Math.floor(key / 2), count);
    }
  }

  private count(key: number, count: number): void {
    this.bins.set(key, (this.bins.get(key) ?? 0) + count);
  }
}

/**
 * The histograms' counts summed in `buckets` equal slices of [start, end]. Each bin goes whole into the slice its middle
 * falls in, so the slices sum exactly to the messages counted; bins beyond either end go to the first or last slice
 * (the span may be a bag's chunk infos', not the messages'), and a zero-length span puts everything in the first.
 */
export function density(histograms: Iterable<TimeHistogram>, start: bigint, end: bigint, buckets = DENSITY_BUCKETS): number[] {
  const counts = new Array<number>(buckets).fill(0);
  const span = end - start;
  for (const { binNs, bins } of histograms) {
    for (const [key, count] of bins) {
      const middle = BigInt(key) * binNs + binNs / 2n;
      const slice = span > 0n ? Number(((middle - start) * BigInt(buckets)) / span) : 0;
      counts[Math.min(buckets - 1, Math.max(0, slice))]! += count;
    }
  }
  return counts;
}

import { DENSITY_BUCKETS } from '../../../../model/schemas/upload';

/** What a topic's density should be, from its messages' exact times: each in the slice of [start, end] it falls in (the end in the last). */
export function exactDensity(times: bigint[], start: bigint, end: bigint): number[] {
  const counts = new Array<number>(DENSITY_BUCKETS).fill(0);
  for (const time of times) counts[Math.min(DENSITY_BUCKETS - 1, Number(((time - start) * BigInt(DENSITY_BUCKETS)) / (end - start)))]! += 1;
  return counts;
}

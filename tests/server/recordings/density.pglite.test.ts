import { describe, expect, it } from 'vitest';
import { DENSITY_BUCKETS } from '../../../model/schemas/upload';
import { density, TimeHistogram } from '../../../server/recordings/density';
import { exactDensity } from './helpers/density';

const T = 1_700_000_000_000_000_000n;
const S = 1_000_000_000n;
const histogram = (times: bigint[]) => {
  const h = new TimeHistogram();
  for (const time of times) h.add(time);
  return h;
};
const sum = (counts: number[]) => counts.reduce((total, count) => total + count, 0);

describe('density: a topic’s messages in equal slices of the recording', () => {
  it('counts each message in its slice, the end in the last, several histograms summed', () => {
    const counts = density([histogram([T, T + 5n * S, T + 5n * S]), histogram([T + 10n * S])], T, T + 12n * S);
    expect(counts).toHaveLength(DENSITY_BUCKETS);
    expect(counts[0]).toBe(1);
    expect(counts[50]).toBe(2); // +5 s of 12, at 100 ms a slice
    expect(counts[100]).toBe(1);
    expect(sum(counts)).toBe(4);
    expect(density([histogram([T + 12n * S])], T, T + 12n * S)[119]).toBe(1);
  });

  it('puts everything in the first slice when the span has no length', () => {
    expect(density([histogram([T, T, T])], T, T)).toEqual([3, ...Array<number>(DENSITY_BUCKETS - 1).fill(0)]);
  });

  it('clamps times outside the span to its ends', () => {
    const counts = density([histogram([T - 60n * S, T + 1n, T + 100n * S])], T, T + 12n * S);
    expect([counts[0], counts[119], sum(counts)]).toEqual([2, 1, 3]);
  });

  it('knows nothing of slices without messages', () => {
    expect(density([new TimeHistogram()], T, T + S)).toEqual(Array<number>(DENSITY_BUCKETS).fill(0));
  });

  it('stays within a few thousand bins over hours, and still close to exact', () => {
    // 3 h at 10 Hz, out of order: the second half first.
    const times = Array.from({ length: 108_000 }, (_, i) => T + BigInt(i) * 100_000_000n);
    const h = histogram([...times.slice(54_000), ...times.slice(0, 54_000)]);
    expect(h.bins.size).toBeLessThanOrEqual(4096);
    expect(h.binNs).toBeGreaterThan(1_000_000n); // coarsened from 1 ms
    const counts = density([h], times[0]!, times.at(-1)!);
    expect(sum(counts)).toBe(times.length);
    // Each message counts at its bin's middle, at most half a bin from its time: a slice gains or loses only messages
    // within half a bin of its two edges (here bins of ~4 s, 41 messages, in slices of 90 s, 900 messages).
    const exact = exactDensity(times, times[0]!, times.at(-1)!);
    const edges = Number(h.binNs / 100_000_000n) + 2;
    counts.forEach((count, i) => expect(Math.abs(count - exact[i]!)).toBeLessThanOrEqual(edges));
  });

  it('keeps a topic of the first half out of the second, hours long', () => {
    // 1 Hz for the first 89 min of a 3 h recording (a minute clear of the middle: more than half a bin of ~2 s).
    const start = T + 987_654_321n;
    const times = Array.from({ length: 5340 }, (_, i) => start + BigInt(i) * S);
    const counts = density([histogram(times)], start, start + 3n * 3600n * S);
    expect(sum(counts)).toBe(5340);
    expect(counts.slice(60)).toEqual(Array<number>(60).fill(0));
    expect(counts.slice(0, 59).every((count) => count > 80)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { summary } from '../../../bench/load/recorder';

const sample = (at: number, ms: number) => ({ at, ms });

describe('the load bench’s summary of request times', () => {
  it('sums an hour of requests up (hundreds of thousands of times, more than a call takes as arguments)', () => {
    const times = Array.from({ length: 500_000 }, (_, index) => sample(index, (index % 1000) + 1));
    expect(summary(times)).toEqual({ count: 500_000, p50: 500, p95: 950, p99: 990, max: 1000 });
  });

  it('counts only the requests under way in one of the spans', () => {
    const times = [sample(0, 10), sample(100, 10), sample(200, 10), sample(300, 10)];
    expect(
      summary(times, [
        { from: 95, to: 105 },
        { from: 305, to: 400 },
      ]).count,
    ).toBe(2);
  });
});

import { describe, expect, it } from 'vitest';
import { TOO_WIDE, wilson } from '../../server/modules/evaluation/wilson';

/** Known values of the Wilson score interval at 95% (z = 1.95996), to four places. */
describe('the Wilson interval of a success rate', () => {
  it.each([
    [0, 10, 0, 0.2775],
    [5, 10, 0.2366, 0.7634],
    [10, 10, 0.7225, 1],
    [81, 263, 0.2553, 0.3662],
    [900, 1000, 0.8798, 0.9171],
  ])('%i of %i trials: %f to %f', (successes, trials, low, high) => {
    const interval = wilson(successes, trials)!;
    expect(interval.rate).toBeCloseTo(successes / trials, 10);
    expect(interval.low).toBeCloseTo(low, 4);
    expect(interval.high).toBeCloseTo(high, 4);
  });

  it('says "too few trials" when the interval is wider than 20 points', () => {
    expect(TOO_WIDE).toBe(0.2);
    expect(wilson(5, 10)!.tooFew).toBe(true);
    expect(wilson(81, 263)!.tooFew).toBe(false);
    expect(wilson(45, 50)!.tooFew).toBe(false); // 0.79 to 0.96
    expect(wilson(20, 40)!.tooFew).toBe(true); // 0.35 to 0.65
  });

  it('has none without trials or with impossible counts', () => {
    expect(wilson(0, 0)).toBeNull();
    expect(wilson(3, 2)).toBeNull();
    expect(wilson(-1, 2)).toBeNull();
  });
});

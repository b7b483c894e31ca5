import { describe, expect, it } from 'vitest';
import { pairedDifference, rateDifference } from '../../server/modules/evaluation/differences';

/** The intervals the overview and the pairwise comparison decide by. */
describe('the difference of two success rates', () => {
  it("matches Newcombe's published interval for 56/70 against 48/80 (1998, method 10: 0.0524 to 0.3339)", () => {
    const difference = rateDifference({ successes: 56, trials: 70 }, { successes: 48, trials: 80 })!;
    expect(difference.difference).toBeCloseTo(0.2, 10);
    expect(difference.low).toBeCloseTo(0.0524, 4);
    expect(difference.high).toBeCloseTo(0.3339, 4);
    expect(difference.decided).toBe(true);
  });

  it('stays undecided when the intervals overlap enough, and within -1 and 1 at the extremes', () => {
    expect(rateDifference({ successes: 5, trials: 10 }, { successes: 4, trials: 10 })!.decided).toBe(false);
    const extreme = rateDifference({ successes: 10, trials: 10 }, { successes: 0, trials: 10 })!;
    expect(extreme.difference).toBe(1);
    expect(extreme.high).toBeLessThanOrEqual(1);
    expect(extreme.low).toBeGreaterThan(0.5);
    expect(rateDifference({ successes: 1, trials: 0 }, { successes: 0, trials: 1 })).toBeNull();
  });
});

describe('two models on the same items', () => {
  it('decide by the items they disagree on: a handful all one way is not certainty, ten of ten is', () => {
    expect(pairedDifference(2, 0, 20)).toMatchObject({ difference: 0.1, decided: false });
    const clear = pairedDifference(10, 0, 12)!;
    expect(clear.difference).toBeCloseTo(10 / 12, 10);
    expect(clear.low).toBeGreaterThan(0);
    expect(clear.decided).toBe(true);
    expect(pairedDifference(0, 10, 12)!.high).toBeLessThan(0);
  });

  it('tell nothing apart when they never disagree, and nothing without items', () => {
    expect(pairedDifference(0, 0, 30)).toEqual({ difference: 0, low: 0, high: 0, decided: false });
    expect(pairedDifference(3, 3, 12)).toMatchObject({ difference: 0, decided: false });
    expect(pairedDifference(0, 0, 0)).toBeNull();
  });
});

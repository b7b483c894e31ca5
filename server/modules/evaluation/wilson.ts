/** z for a two-sided 95% interval. */
const Z_95 = 1.959963984540054;
/** An interval wider than this (20 points of success rate) says too little to rank on: "too few trials". */
export const TOO_WIDE = 0.2;

/** A success rate with its Wilson score interval at 95%, and whether the interval is too wide to rank on. */
export interface RateInterval {
  rate: number;
  low: number;
  high: number;
  tooFew: boolean;
}

/**
 * The Wilson score interval of `successes` out of `trials`: unlike rate ± z·σ it stays within 0 and 1
 * and keeps its width at 0 or all successes, which evaluations of a few dozen trials often are. Null
 * without trials.
 */
export function wilson(successes: number, trials: number): RateInterval | null {
  if (!(trials > 0) || successes < 0 || successes > trials) return null;
  const rate = successes / trials;
  const z2 = Z_95 * Z_95;
  const denominator = 1 + z2 / trials;
  const centre = (rate + z2 / (2 * trials)) / denominator;
  const half = (Z_95 / denominator) * Math.sqrt((rate * (1 - rate)) / trials + z2 / (4 * trials * trials));
  const low = Math.max(0, centre - half);
  const high = Math.min(1, centre + half);
  return { rate, low, high, tooFew: high - low > TOO_WIDE };
}

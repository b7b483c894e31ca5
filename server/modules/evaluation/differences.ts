import { wilson } from './wilson';

export interface Difference {
  difference: number;
  low: number;
  high: number;
  /** The interval leaves out "no difference". */
  decided: boolean;
}

/**
 * The difference of two success rates measured on separate trials (a model against a baseline),
 * with Newcombe's hybrid score interval at 95%: built from each rate's Wilson interval, it stays
 * within -1 and 1 and holds up for the small counts evaluations often have. Null without trials.
 */
export function rateDifference(first: { successes: number; trials: number }, second: { successes: number; trials: number }): Difference | null {
  const a = wilson(first.successes, first.trials);
  const b = wilson(second.successes, second.trials);
  if (!a || !b) return null;
  const difference = a.rate - b.rate;
  const low = difference - Math.sqrt((a.rate - a.low) ** 2 + (b.high - b.rate) ** 2);
  const high = difference + Math.sqrt((a.high - a.rate) ** 2 + (b.rate - b.low) ** 2);
  return { difference, low, high, decided: low > 0 || high < 0 };
}

/**
 * Two models tried on the same items: the difference of their success rates, which only the items
 * where they disagree decide (`onlyFirst` passed by the first alone, `onlySecond` by the second
 * alone). The share of those the first won gets its Wilson interval, carried over to the
 * difference: unlike rate ± z·σ it does not claim certainty from a handful of items all one way.
 * Null without items.
 */
export function pairedDifference(onlyFirst: number, onlySecond: number, items: number): Difference | null {
  if (!(items > 0)) return null;
  const disagreed = onlyFirst + onlySecond;
  const difference = (onlyFirst - onlySecond) / items;
  const won = wilson(onlyFirst, disagreed);
  if (!won) return { difference: 0, low: 0, high: 0, decided: false };
  const scale = disagreed / items;
  const low = scale * (2 * won.low - 1);
  const high = scale * (2 * won.high - 1);
  return { difference, low, high, decided: low > 0 || high < 0 };
}

/** Round tops for an axis whose four gridlines fall on readable values (multiples of 1, 2, 4, 6, 8 of a power of `base`). */
const STEPS = [1, 2, 4, 6, 8, 10];

/**
 * The smallest round number at least `value`: powers of 10 for counts and hours, of 1024 for bytes
 * (so 3 GB tops at 4 GB, not at 4.66). `least` keeps small integer axes from quarter steps.
 */
export function niceMax(value: number, { base = 10, least = 0 }: { base?: 10 | 1024; least?: number } = {}): number {
  const top = Math.max(value, least);
  if (!(top > 0)) return 1;
  const power = base ** Math.floor(Math.log(top) / Math.log(base));
  const multipliers = base === 10 ? STEPS : [...STEPS, ...STEPS.map((step) => step * 10), ...STEPS.map((step) => step * 100), 1000, 1024];
  const multiplier = multipliers.find((candidate) => candidate * power >= top * (1 - 1e-9)) ?? base;
  return multiplier * power;
}

/** min, max, mean, std (population, as numpy's default) and count of a feature, per dimension: LeRobot's stats entry. */
export interface StatsEntry {
  min: number[];
  max: number[];
  mean: number[];
  std: number[];
  count: [number];
}

/**
 * Running statistics of one vector feature, per dimension, in one pass (Welford's update, so the mean and variance of
 * long episodes keep their precision); episodes combine into the dataset's as LeRobot's aggregate_stats does (counts
 * weigh the means, variances add the spread of the means).
 */
export class FeatureStats {
  count = 0;
  readonly min: Float64Array;
  readonly max: Float64Array;
  readonly mean: Float64Array;
  /** sum of squared distances from the mean */
  readonly m2: Float64Array;

  constructor(readonly dims: number) {
    this.min = new Float64Array(dims).fill(Infinity);
    this.max = new Float64Array(dims).fill(-Infinity);
    this.mean = new Float64Array(dims);
    this.m2 = new Float64Array(dims);
  }

  add(values: ArrayLike<number>): void {
    const n = ++this.count;
    for (let i = 0; i < this.dims; i++) {
      const value = values[i]!;
      if (value < this.min[i]!) this.min[i] = value;
      if (value > this.max[i]!) this.max[i] = value;
      const delta = value - this.mean[i]!;
      this.mean[i]! += delta / n;
      this.m2[i]! += delta * (value - this.mean[i]!);
    }
  }

  /** One value of a one-dimensional feature, without an array per value. */
  addOne(value: number): void {
    const n = ++this.count;
    if (value < this.min[0]!) this.min[0] = value;
    if (value > this.max[0]!) this.max[0] = value;
    const delta = value - this.mean[0]!;
    this.mean[0]! += delta / n;
    this.m2[0]! += delta * (value - this.mean[0]!);
  }

  merge(other: FeatureStats): void {
    if (other.count === 0) return;
    const total = this.count + other.count;
    for (let i = 0; i < this.dims; i++) {
      const delta = other.mean[i]! - this.mean[i]!;
      this.m2[i]! += other.m2[i]! + (delta * delta * this.count * other.count) / total;
      this.mean[i]! += (delta * other.count) / total;
      if (other.min[i]! < this.min[i]!) this.min[i] = other.min[i]!;
      if (other.max[i]! > this.max[i]!) this.max[i] = other.max[i]!;
    }
    this.count = total;
  }

  entry(): StatsEntry {
    return {
      min: Array.from(this.min),
      max: Array.from(this.max),
      mean: Array.from(this.mean),
      std: Array.from(this.m2, (m2) => Math.sqrt(this.count ? m2 / this.count : 0)),
      count: [this.count],
    };
  }
}

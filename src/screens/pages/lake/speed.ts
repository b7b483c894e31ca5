/** How far back the speed looks: long enough to smooth parts finishing in bursts, short enough to follow a change. */
export const SPEED_WINDOW_MS = 5_000;

export interface Sample {
  at: number;
  bytes: number;
}

/** Keeps the samples of the last window, the newest appended (a new list: state stays immutable). */
export function addSample(samples: readonly Sample[], sample: Sample): Sample[] {
  const kept = samples.filter((old) => old.at >= sample.at - SPEED_WINDOW_MS && old.bytes <= sample.bytes);
  return [...kept, sample];
}

/** Bytes per second over the window, and the seconds left at that speed (undefined until it can be told). */
export function speedOf(samples: readonly Sample[], total: number): { speed?: number; secondsLeft?: number } {
  const first = samples[0];
  const last = samples[samples.length - 1];
  if (!first || !last || last.at - first.at < 500) return {};
  const speed = ((last.bytes - first.bytes) * 1000) / (last.at - first.at);
  if (speed <= 0) return { speed: 0 };
  return { speed, secondsLeft: Math.max(0, (total - last.bytes) / speed) };
}

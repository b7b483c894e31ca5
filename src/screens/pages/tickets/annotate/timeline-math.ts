/**
 * The timeline's arithmetic, apart from React: seconds from the recording's start to pixels and
 * back, always within the recording and to the millisecond (an annotation keeps no finer time).
 */

/** Rounded to the millisecond, as the annotation's offsets are stored. */
export const toMilliseconds = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** A time kept within the recording, 0 to its duration. */
export const clampSeconds = (seconds: number, duration: number) => toMilliseconds(Math.min(Math.max(seconds, 0), Math.max(duration, 0)));

/** The time under a pointer `x` pixels from the track's left edge, on a track `width` pixels wide showing `duration` seconds. */
export function secondsAt(x: number, width: number, duration: number): number {
  // Not laid out yet (or a recording of no length): nowhere to point at but its start.
  if (!(width > 0) || !(duration > 0)) return 0;
  return clampSeconds((x / width) * duration, duration);
}

/** Where a time lies along the track, as a percentage of its width (CSS `left`), kept on the track. */
export function percentAt(seconds: number, duration: number): number {
  if (!(duration > 0)) return 0;
  return Math.min(Math.max(seconds / duration, 0), 1) * 100;
}

/** A range dragged either way, start before end, both within the recording. */
export function orderedRange(from: number, to: number, duration: number): { start: number; end: number } {
  const start = clampSeconds(Math.min(from, to), duration);
  const end = clampSeconds(Math.max(from, to), duration);
  return { start, end };
}

/**
 * The bars of a topic's density, `height` for its busiest slice and the others in proportion. A slice
 * with any message is at least 1 high: a topic that barely speaks there still shows that it does.
 */
export function densityHeights(density: readonly number[], height: number): number[] {
  const most = density.reduce((max, count) => Math.max(max, count), 0);
  if (most <= 0) return density.map(() => 0);
  return density.map((count) => (count > 0 ? Math.max(1, (count / most) * height) : 0));
}

/** The axis' marks: at most about `most` of them, a round step apart (1, 2 or 5 times a power of ten seconds), from 0. */
export function axisTicks(duration: number, most = 8): number[] {
  if (!(duration > 0) || most < 1) return [0];
  const rough = duration / most;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough) ?? 10 * power;
  const ticks: number[] = [];
  for (let index = 0; index * step <= duration + 1e-9; index += 1) ticks.push(toMilliseconds(index * step));
  return ticks;
}

/** The annotation a click at `seconds` picks: of those covering it, the shortest (a short one drawn over a long one). */
export function annotationAt<T extends { startOffset: number; endOffset: number }>(seconds: number, annotations: readonly T[]): T | undefined {
  let found: T | undefined;
  for (const annotation of annotations)
    if (annotation.startOffset <= seconds && seconds <= annotation.endOffset)
      if (!found || annotation.endOffset - annotation.startOffset < found.endOffset - found.startOffset) found = annotation;
  return found;
}

/** Digits a mark's number needs for a step of this many seconds: none from 1 s, one for 0.1 to 0.5 s, and so on. */
export const tickDecimals = (step: number) => (step >= 1 || !(step > 0) ? 0 : Math.min(3, Math.ceil(-Math.log10(step) - 1e-9)));

import { describe, expect, it } from 'vitest';
import {
  annotationAt,
  axisTicks,
  clampSeconds,
  densityHeights,
  orderedRange,
  percentAt,
  secondsAt,
  tickDecimals,
} from '../../../../../../src/screens/pages/tickets/annotate/timeline-math';

describe('the timeline’s pixels and seconds', () => {
  it('turns a pointer’s pixel into seconds of the recording, to the millisecond', () => {
    expect(secondsAt(0, 800, 60)).toBe(0);
    expect(secondsAt(400, 800, 60)).toBe(30);
    expect(secondsAt(800, 800, 60)).toBe(60);
    expect(secondsAt(1, 300, 10)).toBe(0.033); // 0.0333… kept to the millisecond
  });

  it('keeps a pointer beyond either end of the track within the recording', () => {
    expect(secondsAt(-25, 800, 60)).toBe(0);
    expect(secondsAt(900, 800, 60)).toBe(60);
  });

  it('points at the start while the track has no width or the recording no length', () => {
    expect(secondsAt(120, 0, 60)).toBe(0);
    expect(secondsAt(120, 800, 0)).toBe(0);
  });

  it('places seconds along the track as a percentage, kept on it', () => {
    expect(percentAt(15, 60)).toBe(25);
    expect(percentAt(-3, 60)).toBe(0);
    expect(percentAt(75, 60)).toBe(100);
    expect(percentAt(5, 0)).toBe(0);
  });

  it('reads back the pixel it drew (seconds → percent → pixel → seconds)', () => {
    const width = 1000;
    for (const seconds of [0, 1.25, 17.5, 42.042, 60]) expect(secondsAt((percentAt(seconds, 60) / 100) * width, width, 60)).toBe(seconds);
  });

  it('clamps a time into the recording and rounds it to the millisecond', () => {
    expect(clampSeconds(12.34567, 60)).toBe(12.346);
    expect(clampSeconds(-0.5, 60)).toBe(0);
    expect(clampSeconds(61, 60)).toBe(60);
  });

  it('orders a range dragged right to left and clamps both ends', () => {
    expect(orderedRange(30, 10, 60)).toEqual({ start: 10, end: 30 });
    expect(orderedRange(-4, 70, 60)).toEqual({ start: 0, end: 60 });
  });
});

describe('density bars', () => {
  it('are as high as their slice is busy, the busiest one full height', () => {
    expect(densityHeights([0, 5, 10, 2.5], 20)).toEqual([0, 10, 20, 5]);
  });

  it('show a slice with any message at least 1 high, an empty one not at all', () => {
    expect(densityHeights([1, 1000, 0], 24)).toEqual([1, 24, 0]);
  });

  it('are flat for a topic without messages', () => {
    expect(densityHeights([0, 0, 0], 24)).toEqual([0, 0, 0]);
    expect(densityHeights([], 24)).toEqual([]);
  });
});

describe('the time axis', () => {
  it('marks round steps from the start to the end', () => {
    expect(axisTicks(10)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(axisTicks(600)).toEqual([0, 100, 200, 300, 400, 500, 600]);
    expect(axisTicks(0.3)).toEqual([0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3]);
  });

  it('never marks more than about eight', () => {
    for (const duration of [1, 7.3, 59, 61, 3599, 86_400]) expect(axisTicks(duration).length).toBeLessThanOrEqual(9);
  });

  it('writes as many decimals as its step needs', () => {
    expect(tickDecimals(2)).toBe(0);
    expect(tickDecimals(0.5)).toBe(1);
    expect(tickDecimals(0.1)).toBe(1);
    expect(tickDecimals(0.05)).toBe(2);
  });
});

describe('picking an annotation on the timeline', () => {
  const long = { id: 1, startOffset: 0, endOffset: 30 };
  const short = { id: 2, startOffset: 10, endOffset: 12 };

  it('picks the shortest of those under the click', () => {
    expect(annotationAt(11, [long, short])?.id).toBe(2);
    expect(annotationAt(20, [long, short])?.id).toBe(1);
  });

  it('picks none where nothing is marked', () => {
    expect(annotationAt(40, [long, short])).toBeUndefined();
  });
});

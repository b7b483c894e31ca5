import { describe, expect, it } from 'vitest';
import { addSample, SPEED_WINDOW_MS, speedOf } from '../../../../../src/screens/pages/lake/speed';

describe('upload speed and time left', () => {
  it('are unknown until half a second has been seen', () => {
    expect(speedOf([], 100)).toEqual({});
    expect(
      speedOf(
        [
          { at: 0, bytes: 0 },
          { at: 400, bytes: 50 },
        ],
        100,
      ),
    ).toEqual({});
  });

  it('are bytes per second over the window, and the rest at that speed', () => {
    const samples = [0, 1000, 2000].reduce((kept, at) => addSample(kept, { at, bytes: at * 10 }), [] as { at: number; bytes: number }[]);
    expect(speedOf(samples, 100_000)).toEqual({ speed: 10_000, secondsLeft: 8 });
  });

  it('forget what is older than the window, and a count that went back (a part sent again)', () => {
    let samples = addSample([], { at: 0, bytes: 0 });
    samples = addSample(samples, { at: SPEED_WINDOW_MS + 1, bytes: 500 });
    expect(samples).toEqual([{ at: SPEED_WINDOW_MS + 1, bytes: 500 }]);
    samples = addSample(samples, { at: SPEED_WINDOW_MS + 2, bytes: 100 });
    expect(samples).toEqual([{ at: SPEED_WINDOW_MS + 2, bytes: 100 }]);
  });

  it('say nothing is left at no speed', () => {
    expect(
      speedOf(
        [
          { at: 0, bytes: 10 },
          { at: 1000, bytes: 10 },
        ],
        100,
      ),
    ).toEqual({ speed: 0 });
  });
});

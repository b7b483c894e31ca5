import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { progressAfter, RouteProgress } from '../../../../src/screens/components/progress/route-progress';
import { PROGRESS, startProgress } from '../../../../src/screens/components/progress/top-progress';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const bar = () => document.getElementById('route-progress');
/** How far the bar is drawn, 0–1, from its transform. */
const shown = () => 1 + Number(/translateX\((-?[\d.]+)%\)/.exec(bar()!.style.transform)![1]) / 100;

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.runAllTimers();
  vi.useRealTimers();
});

describe('top progress bar (spec §9)', () => {
  it('starts at 0.1, trickles every 200 ms towards the end without reaching it, has no spinner', () => {
    expect(PROGRESS).toMatchObject({ minimum: 0.1, trickleMs: 200 });
    const end = startProgress();
    expect(shown()).toBeCloseTo(0.1);
    expect(bar()!.children).toHaveLength(0); // a bar, nothing spinning beside it
    vi.advanceTimersByTime(199);
    expect(shown()).toBeCloseTo(0.1);
    vi.advanceTimersByTime(1);
    const after = shown();
    expect(after).toBeGreaterThan(0.1);
    vi.advanceTimersByTime(200 * 200);
    expect(shown()).toBeGreaterThan(after);
    expect(shown()).toBeLessThan(1);
    end();
  });

  it('fills, fades and goes once the last of those it runs for has ended', () => {
    const first = startProgress();
    const second = startProgress();
    first();
    first(); // an end said twice counts once
    expect(bar()!.classList.contains('route-progress-done')).toBe(false);
    second();
    expect(shown()).toBe(1);
    expect(bar()!.classList.contains('route-progress-done')).toBe(true);
    vi.advanceTimersByTime(2 * PROGRESS.fadeMs);
    expect(bar()).toBeNull();
  });

  it('starting again while the last bar fades draws one new bar', () => {
    startProgress()();
    const end = startProgress();
    expect(document.querySelectorAll('#route-progress')).toHaveLength(1);
    expect(shown()).toBeCloseTo(0.1);
    vi.advanceTimersByTime(2 * PROGRESS.fadeMs);
    expect(bar()).not.toBeNull(); // the fading bar's removal took the old one only
    end();
  });

  it('never reads the layout, so no step forces one', () => {
    const offsetWidth = vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get');
    const rect = vi.spyOn(Element.prototype, 'getBoundingClientRect');
    const computed = vi.spyOn(window, 'getComputedStyle');
    const end = startProgress();
    vi.advanceTimersByTime(1000);
    end();
    vi.runAllTimers();
    expect([offsetWidth, rect, computed].map((spy) => spy.mock.calls.length)).toEqual([0, 0, 0]);
    vi.restoreAllMocks();
  });

  it('runs while a route loads and finishes when it has', async () => {
    const root = createRoot(document.createElement('div'));
    await act(() => root.render(<RouteProgress />));
    expect(bar()!.classList.contains('route-progress-done')).toBe(false);
    await act(() => root.unmount());
    expect(bar()!.classList.contains('route-progress-done')).toBe(true); // done: the bar completes, then fades
  });

  it('runs for a wait outside React only once it has lasted its delay, and ends with it', () => {
    progressAfter(200)(); // over at once: no bar at all
    vi.advanceTimersByTime(300);
    expect(bar()).toBeNull();
    const end = progressAfter(200);
    vi.advanceTimersByTime(199);
    expect(bar()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(bar()!.classList.contains('route-progress-done')).toBe(false);
    end();
    expect(bar()!.classList.contains('route-progress-done')).toBe(true);
  });
});

import NProgress from 'nprogress';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { progressAfter, RouteProgress } from '../../../src/components/progress/route-progress';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('top progress bar (spec §9)', () => {
  it('starts at 0.1, trickles every 200 ms, shows no spinner', () => {
    expect(NProgress.settings).toMatchObject({ minimum: 0.1, trickleSpeed: 200, showSpinner: false });
  });

  it('runs while a route loads and finishes when it has', async () => {
    const root = createRoot(document.createElement('div'));
    await act(() => root.render(<RouteProgress />));
    expect(NProgress.isStarted()).toBe(true);
    await act(() => root.unmount());
    expect(NProgress.isStarted()).toBe(false); // done: the bar completes, then fades
  });

  it('runs for a wait outside React only once it has lasted its delay, and ends with it', () => {
    vi.useFakeTimers();
    try {
      progressAfter(200)(); // over at once: no bar at all
      vi.advanceTimersByTime(300);
      expect(NProgress.isStarted()).toBe(false);
      const end = progressAfter(200);
      vi.advanceTimersByTime(199);
      expect(NProgress.isStarted()).toBe(false);
      vi.advanceTimersByTime(1);
      expect(NProgress.isStarted()).toBe(true);
      end();
      expect(NProgress.isStarted()).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});

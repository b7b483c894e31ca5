import NProgress from 'nprogress';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { RouteProgress } from '../../../src/components/progress/route-progress';

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
});

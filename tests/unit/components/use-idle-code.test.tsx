import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';

const startListCode = vi.fn();
vi.mock('../../../src/app/route-data', () => ({ startListCode: (path: string) => startListCode(path) }));
const { IDLE_CODE_DELAY_MS, useIdleCode } = await import('../../../src/components/layout/use-idle-code');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Menu({ paths }: { paths: string[] }) {
  useIdleCode(paths);
  return null;
}

afterEach(() => {
  vi.useRealTimers();
  startListCode.mockReset();
});

describe('useIdleCode (the side menu’s neighbours, once the page has settled)', () => {
  it('starts the code of each path only after the delay, and not at all once unmounted', async () => {
    vi.useFakeTimers();
    const root = createRoot(document.createElement('div'));
    await act(() => root.render(<Menu paths={['/data/lake/raw-data', '/data/lake/training-data']} />));
    expect(startListCode).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(IDLE_CODE_DELAY_MS + 5000));
    expect(startListCode.mock.calls.map(([path]) => path)).toEqual(['/data/lake/raw-data', '/data/lake/training-data']);

    startListCode.mockReset();
    await act(() => root.render(<Menu paths={['/device/robots']} />));
    act(() => root.unmount());
    await act(() => vi.advanceTimersByTimeAsync(IDLE_CODE_DELAY_MS + 5000));
    expect(startListCode).not.toHaveBeenCalled();
  });
});

import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../../../../src/screens/components/error-boundary';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Page({ broken }: { broken: boolean }) {
  if (broken) throw new Error('cannot read robotSn of undefined');
  return <p>page content</p>;
}

const container = document.createElement('div');
const root = createRoot(container);
const render = (broken: boolean, resetKey: string) =>
  act(() =>
    root.render(
      <ErrorBoundary resetKeys={[resetKey]} fallback={(error, reset) => <button onClick={reset}>fallback: {error.message}</button>}>
        <Page broken={broken} />
      </ErrorBoundary>,
    ),
  );

afterEach(() => vi.restoreAllMocks());

describe('ErrorBoundary (spec §4)', () => {
  it('shows the fallback with the error text, and resets when its reset keys change', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await render(true, '/a');
    expect(container.textContent).toBe('fallback: cannot read robotSn of undefined');
    await render(false, '/a'); // same keys: the error stays
    expect(container.textContent).toContain('fallback');
    await render(false, '/b');
    expect(container.textContent).toBe('page content');
  });

  it('resets on demand', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await render(true, '/c');
    await render(false, '/c');
    await act(async () => container.querySelector('button')!.click());
    expect(container.textContent).toBe('page content');
  });
});

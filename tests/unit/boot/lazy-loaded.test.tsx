import { Suspense } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyLoaded, loadOnce } from '../../../src/boot/lazy-loaded';

// React's own scheduling, not act()'s queue: a Suspense reveal waits for its real timers here.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const Greeting = ({ name }: { name: string }) => <b>hello {name}</b>;
const roots: { root: Root; container: HTMLElement }[] = [];
afterEach(() =>
  roots.splice(0).forEach(({ root, container }) => {
    root.unmount();
    container.remove();
  }),
);

/** Renders `Page` under a Suspense boundary: what its first commit showed, then what it shows once its code is in. */
async function render(Page: React.ComponentType<{ name: string }>) {
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  roots.push({ root, container });
  flushSync(() => root.render(<Suspense fallback="loading">{<Page name="robot" />}</Suspense>));
  const first = container.textContent;
  await vi.waitFor(() => expect(container.textContent).toBe('hello robot'));
  return { first, settled: container.textContent };
}

describe('lazyLoaded (a route page, a list tool, a show-page part)', () => {
  it('suspends while its code loads, then shows it', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Greeting }));
    expect(await render(lazyLoaded(load))).toEqual({ first: 'loading', settled: 'hello robot' });
  });

  it('shows code loaded beforehand in its first commit, with no fallback (React.lazy would suspend once)', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Greeting }));
    await loadOnce(load);
    expect(await render(lazyLoaded(load))).toEqual({ first: 'hello robot', settled: 'hello robot' });
    expect(load).toHaveBeenCalledOnce();
  });

  it('is one component per loader, so a route renders the same page on every visit', () => {
    const load = () => Promise.resolve({ default: Greeting });
    expect(lazyLoaded(load)).toBe(lazyLoaded(load));
  });

  it('loads again after a failed load (offline), instead of keeping the failure', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: Greeting });
    await expect(loadOnce(load)).rejects.toThrow('offline');
    await Promise.resolve(); // the failure is forgotten once it has settled
    await expect(loadOnce(load)).resolves.toEqual({ default: Greeting });
    expect(load).toHaveBeenCalledTimes(2);
  });
});

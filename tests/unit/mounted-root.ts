import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

const mounted = new Set<{ root: Root; container: HTMLElement }>();

/**
 * A React root in the document, unmounted after its test (tests/unit/setup.ts): left mounted, work
 * it scheduled (an antd popup's closing motion) could run after the test file's window is gone.
 */
export function mountedRoot() {
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  mounted.add({ root, container });
  return { root, container };
}

/** `node` rendered in a new mounted root, its commit and effects run; its container. */
export async function rendered(node: ReactNode): Promise<HTMLElement> {
  const { root, container } = mountedRoot();
  await act(async () => root.render(node));
  return container;
}

/** Lets a frame be painted and the tasks after it run, inside act: what waits for the first paint (AfterPaintGate) comes. */
export const afterPaint = () => act(() => new Promise((resolve) => setTimeout(resolve, 100)));

/** Unmounting flushes synchronously: nothing of these roots is left to run. */
export function unmountRoots() {
  const inAct = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
  for (const { root, container } of mounted) {
    if (inAct) act(() => root.unmount());
    else root.unmount();
    container.remove();
  }
  mounted.clear();
}

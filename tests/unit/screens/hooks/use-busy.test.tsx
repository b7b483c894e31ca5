import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { useBusy } from '../../../../src/screens/hooks/use-busy';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Renders the hook and hands out what it returned last. */
async function mounted() {
  const seen: { current?: ReturnType<typeof useBusy> } = {};
  function Probe() {
    seen.current = useBusy();
    return null;
  }
  await act(async () => createRoot(document.createElement('div')).render(<Probe />));
  return seen as { current: ReturnType<typeof useBusy> };
}

const pending = () => {
  let settle!: (ok: boolean) => void;
  const promise = new Promise<void>((resolve, reject) => (settle = (ok) => (ok ? resolve() : reject(new Error('refused')))));
  return { promise, settle };
};

describe('a busy state around an action', () => {
  it('is on while the action runs and off once it has succeeded', async () => {
    const hook = await mounted();
    const action = pending();
    let done: Promise<void> | undefined;
    await act(async () => void (done = hook.current.whileBusy(() => action.promise)));
    expect(hook.current.busy).toBe(true);
    await act(async () => (action.settle(true), await done));
    expect(hook.current.busy).toBe(false);
  });

  it('ends when the action fails, telling onFailure, and never rejects', async () => {
    const hook = await mounted();
    const onFailure = vi.fn();
    await act(async () => hook.current.whileBusy(() => Promise.reject(new Error('refused')), onFailure));
    expect(onFailure).toHaveBeenCalledOnce();
    expect(hook.current.busy).toBe(false);
    await act(async () => expect(hook.current.whileBusy(() => Promise.reject(new Error('refused')))).resolves.toBeUndefined());
    expect(hook.current.busy).toBe(false);
  });
});

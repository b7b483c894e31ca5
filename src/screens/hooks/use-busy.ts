import { useCallback, useState } from 'react';

/**
 * A button's loading state around one async action at a time. A failure ends the busy state and goes
 * to `onFailure`; without one it is dropped, as the HTTP layer has told the user why already (spec §8).
 */
export function useBusy() {
  const [busy, setBusy] = useState(false);
  const whileBusy = useCallback(async (action: () => Promise<unknown>, onFailure?: () => void) => {
    setBusy(true);
    try {
      await action();
    } catch {
      onFailure?.();
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, whileBusy };
}

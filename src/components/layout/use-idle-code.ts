import { useEffect } from 'react';
import { startListCode } from '../../app/route-data';

/** How long after a page has come the browser is left alone before the code of its neighbours is asked for. */
export const IDLE_CODE_DELAY_MS = 500;

/**
 * Once the page has settled and the browser is idle, starts the code of the entity lists at these
 * paths (the side menu's), so a switch to one of them waits only for its records.
 */
export function useIdleCode(paths: readonly string[]): void {
  const key = paths.join(' ');
  useEffect(() => {
    let idle: number | undefined;
    const timer = setTimeout(() => {
      const start = () => key.split(' ').filter(Boolean).forEach(startListCode);
      idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(start, { timeout: 5000 }) : (start(), undefined);
    }, IDLE_CODE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, [key]);
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../src/providers/storage-keys';
import { APP_VERSION, watchForNewVersion } from '../../../src/providers/version';

const preloadError = () => {
  const event = new Event('vite:preloadError', { cancelable: true });
  window.dispatchEvent(event);
  return event;
};

afterEach(() => sessionStorage.clear());

describe('chunk preload failures (spec §8)', () => {
  it('reload into the new build once per version, then let the error through', () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    watchForNewVersion();
    expect(localStorage.getItem(STORAGE_KEYS.version)).toBe(APP_VERSION);
    expect(preloadError().defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(preloadError().defaultPrevented).toBe(false); // handled once: now it rethrows
    expect(reload).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });
});

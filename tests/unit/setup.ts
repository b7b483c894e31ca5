import { act } from 'react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { provideRouteCode } from '../../src/boot/route-data';
import { initI18n } from '../../src/providers/i18n';
import { routeCode } from '../../src/root/page-loaders';
import { unmountRoots } from './mounted-root';

/**
 * The lazy parts (React.lazy) still loading. A test file ends once they have loaded: one loading still would wake
 * React after the file's window and its console are gone, which fails the run.
 */
const loading = vi.hoisted(() => new Set<Promise<unknown>>());
vi.mock('react', async (importOriginal) => {
  const react = await importOriginal<typeof import('react')>();
  const lazy: typeof react.lazy = (load) =>
    react.lazy(() => {
      const loaded = load();
      loading.add(loaded);
      loaded.then(
        () => loading.delete(loaded),
        () => loading.delete(loaded),
      );
      return loaded;
    });
  return { ...react, lazy, default: { ...react, lazy } };
});

// The root hands the screens' code to the boot floor as the console starts (src/root/start.ts).
provideRouteCode(routeCode);

beforeAll(async () => {
  localStorage.clear();
  await initI18n();
});

afterEach(() => {
  unmountRoots();
  localStorage.clear();
  document.cookie = 'i18next=; max-age=0; path=/';
});

afterAll(async () => {
  while (loading.size) await act(() => Promise.allSettled([...loading]));
});

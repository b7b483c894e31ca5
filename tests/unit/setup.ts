import { afterEach, beforeAll } from 'vitest';
import { provideRouteCode } from '../../src/boot/route-data';
import { initI18n } from '../../src/providers/i18n';
import { routeCode } from '../../src/root/page-loaders';
import { unmountRoots } from './mounted-root';

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

import { afterEach, beforeAll } from 'vitest';
import { initI18n } from '../../src/providers/i18n';
import { unmountRoots } from './mounted-root';

beforeAll(async () => {
  localStorage.clear();
  await initI18n();
});

afterEach(() => {
  unmountRoots();
  localStorage.clear();
  document.cookie = 'i18next=; max-age=0; path=/';
});

import { STORAGE_KEYS } from './storage-keys';

/** Set at build time; a deploy changes it. */
export const APP_VERSION = import.meta.env.VITE_EDP_VERSION ?? 'dev';

/**
 * After a deploy, an open tab asks for route chunks that no longer exist. Spec §8: Vite then
 * dispatches `vite:preloadError`, which rethrows unless handled; we handle it once per version by
 * reloading into the new build (the error boundary shows the failure if it happens again).
 */
export function watchForNewVersion(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const reloadedFor = sessionStorage.getItem(STORAGE_KEYS.version);
    if (reloadedFor === APP_VERSION) return; // already tried: let it rethrow
    sessionStorage.setItem(STORAGE_KEYS.version, APP_VERSION);
    event.preventDefault();
    window.location.reload();
  });
  localStorage.setItem(STORAGE_KEYS.version, APP_VERSION);
}

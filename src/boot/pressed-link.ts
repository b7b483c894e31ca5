import type { MouseEvent } from 'react';
import { startRoute } from './route-data';

const BASE = import.meta.env.BASE_URL.replace(/\/$/, '');

/** A press or click with the main button and no modifier key: one a link follows in the same tab. */
export const plainLeft = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * The console route a plain left press on a link opens: none for a modified or middle press, a link
 * opening elsewhere (another site, the API, a new tab, a download) or one to the page already shown.
 */
export function pressedRoute(event: MouseEvent): { pathname: string; search: string } | undefined {
  const anchor = (event.target as Element).closest?.<HTMLAnchorElement>('a[href]');
  if (!anchor || !plainLeft(event)) return undefined;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return undefined;
  const url = new URL(anchor.href, location.href);
  if (url.origin !== location.origin || !url.pathname.startsWith(`${BASE}/`)) return undefined;
  if (url.pathname === location.pathname && url.search === location.search) return undefined;
  return { pathname: url.pathname.slice(BASE.length), search: url.search };
}

/**
 * A press on a link in the console starts the page it opens, its code and its records (route-data.ts),
 * while the button is still down: a press lasts about 100 ms, which the page then does not wait for.
 * Only a press: a pointer crosses many links of a list on its way.
 */
export function startPressedLink(event: MouseEvent): void {
  const route = pressedRoute(event);
  if (route) void startRoute(route.pathname, route.search);
}

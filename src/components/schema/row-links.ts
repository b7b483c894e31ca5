import type { MouseEvent } from 'react';
import type { NavigateFunction } from 'react-router';
import { startRoute } from '../../app/route-data';

/** A console path as the browser's address (the router's basename first), for a plain anchor. */
export const appHref = (path: string) => `${import.meta.env.BASE_URL.replace(/\/$/, '')}${path}`;

/** The row link a plain left press or click is on; none for a modified or middle one, which the browser handles as any link's. */
function plainRowLink(event: MouseEvent): HTMLAnchorElement | undefined {
  const anchor = (event.target as Element).closest<HTMLAnchorElement>('a[data-route]');
  if (!anchor || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined;
  return anchor;
}

/**
 * A row's links are plain anchors (`data-route` their console path): a react-router Link in every
 * row was half a dozen hooks a link (issue #11, heap per row). One handler per list follows a plain
 * left click on one in the app; a modified or middle click opens the address as any link does.
 */
export const followRowLinks = (navigate: NavigateFunction) => (event: MouseEvent) => {
  const anchor = plainRowLink(event);
  if (!anchor) return;
  event.preventDefault();
  void navigate(anchor.dataset.route!);
};

/**
 * A press on a row's link starts the page it opens, its code and its records (route-data.ts), while
 * the button is still down: a press lasts about 100 ms, which the page then does not wait for.
 */
export const startRowLink = (event: MouseEvent) => {
  const anchor = plainRowLink(event);
  if (anchor) void startRoute(anchor.dataset.route!);
};

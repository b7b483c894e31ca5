import type { MouseEvent } from 'react';
import type { NavigateFunction } from 'react-router';
import { plainLeft } from '../../../../boot/pressed-link';

/** A console path as the browser's address (the router's basename first), for a plain anchor. */
export const appHref = (path: string) => `${import.meta.env.BASE_URL.replace(/\/$/, '')}${path}`;

/**
 * A row's links are plain anchors (`data-route` their console path): a react-router Link in every
 * row was half a dozen hooks a link (heap per row). One handler per list follows a plain
 * left click on one in the app; a modified or middle click opens the address as any link does.
 */
export const followRowLinks = (navigate: NavigateFunction) => (event: MouseEvent) => {
  const anchor = (event.target as Element).closest<HTMLAnchorElement>('a[data-route]');
  if (!anchor || event.defaultPrevented || !plainLeft(event)) return;
  event.preventDefault();
  void navigate(anchor.dataset.route!);
};

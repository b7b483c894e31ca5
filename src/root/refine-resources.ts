import type { ResourceProps } from '@refinedev/core';
import { isCatalogue, routeEntries } from '../../model/resources/index';

/** Refine's resources, derived from the route declarations: one per route, named by its path. */
export const refineResources: ResourceProps[] = routeEntries.map((entry) => ({
  name: entry.fullPath,
  ...(isCatalogue(entry) || entry.fullPath.includes(':') ? {} : { list: entry.fullPath }),
  meta: { label: entry.label, parent: entry.parent?.fullPath, hide: entry.hidden, auth: entry.effectiveAuth },
}));

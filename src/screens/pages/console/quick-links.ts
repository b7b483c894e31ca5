import type { Permission } from '../../../../model/access/permissions';
import { canOpen, isCatalogue, routeEntries } from '../../../../model/resources/index';
import type { RouteEntry } from '../../../../model/resources/types';

const HOME = '/console/space/home';
/** How many links a user starts with. */
export const DEFAULT_LINK_COUNT = 6;

/** Where a user's quick links are kept on this browser: per space and account. */
export const quickLinksKey = (tenantCode: string, accountCode: string) => `edpQuickLinks:${tenantCode}:${accountCode}`;

/** The pages a user may pin: every menu page their roles open (spec §6), the home itself aside. */
export const linkChoices = (permissions: readonly Permission[]): RouteEntry[] =>
  routeEntries.filter((entry) => !entry.hidden && !isCatalogue(entry) && entry.fullPath !== HOME && canOpen(entry, permissions));

/**
 * The user's links: those saved, still open to them, in their order; before anything is saved, the
 * first pages with content (a page or a list) the user may open, in menu order (any pages, when none has content yet).
 */
export function quickLinks(saved: unknown, permissions: readonly Permission[]): string[] {
  const choices = linkChoices(permissions);
  if (Array.isArray(saved)) {
    const open = new Set(choices.map((entry) => entry.fullPath));
    return saved.filter((path): path is string => typeof path === 'string' && open.has(path));
  }
  const withContent = choices.filter((entry) => entry.page || entry.entity);
  return (withContent.length ? withContent : choices).slice(0, DEFAULT_LINK_COUNT).map((entry) => entry.fullPath);
}

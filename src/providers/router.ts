import { matchResourceFromRoute, QS_PARSE_DEPTH, ResourceContext, type ParseResponse, type RouterProvider } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import qs from 'qs';
import { useCallback, useContext, useMemo } from 'react';
import { matchPath, useHref, useLocation, useParams } from 'react-router';
import { LIST_PAGE_SIZE } from './list-params';

type Match = ReturnType<typeof matchResourceFromRoute>;
const matches = new WeakMap<object, Map<string, Match>>();
/** Paths remembered at most (a record's page is a path of its own): then the memory starts again. */
const REMEMBERED = 500;

/** Refine's match of a path against every resource (a few hundred here), once per path instead of once per hook. */
function resourceOfPath(resources: object[], pathname: string): Match {
  let byPath = matches.get(resources);
  if (!byPath) matches.set(resources, (byPath = new Map()));
  let match = byPath.get(pathname);
  if (!match) {
    if (byPath.size >= REMEMBERED) byPath.clear();
    byPath.set(pathname, (match = matchResourceFromRoute(pathname, resources as never)));
  }
  return match;
}

/** As the bindings convert a page number or size: only a string that reads back as the same number. */
const numberIfPossible = (value: unknown) => (typeof value === 'string' && `${Number(value)}` === value ? Number(value) : value);

/** What a list shows with no query: its first page at the usual size. */
const LIST_DEFAULTS = { pageSize: String(LIST_PAGE_SIZE), currentPage: '1' };
const onlyListDefaults = (query: string) => {
  const parsed = qs.parse(query, { ignoreQueryPrefix: true });
  return Object.keys(parsed).length === 2 && parsed.pageSize === LIST_DEFAULTS.pageSize && parsed.currentPage === LIST_DEFAULTS.currentPage;
};

/**
 * Refine's react-router bindings, with the route's resource matched once per path. Every Refine hook
 * parses the route (useResourceParams), and the bindings' own parse matched each path against every
 * resource in each hook: ~50 ms of a list's first render on a 2-core machine (issue #11).
 * What it answers is the bindings' answer, field for field. `go` drops a page's URL update once the
 * user has left that page, and one that changes nothing the page reads: the same URL, or a list
 * opened from the menu gaining its defaults (those are written into the address bar alone). Each
 * was a navigation, so a second render of the whole console after every list's first (issue #11).
 */
export const refineRouter: RouterProvider = {
  ...routerProvider,
  go: () => {
    const go = routerProvider.go!();
    const { pathname, search, hash } = useLocation();
    const here = decodeURI(useHref(pathname));
    return useCallback<ReturnType<NonNullable<RouterProvider['go']>>>(
      (config) => {
        if (config.to || config.type === 'path') return go(config);
        // A navigation without `to` (a table writing its page and filters into the URL) goes to the page that
        // sent it. Sent by a page the user has just left (the next one still loading in a transition), it
        // would take them back: it is dropped.
        if (decodeURI(window.location.pathname) !== here) return;
        if (config.type === 'replace') {
          const target = go({ ...config, type: 'path' }) as string;
          if (target === search + hash) return;
          if (!search && !hash && onlyListDefaults(target)) return window.history.replaceState(window.history.state, '', window.location.pathname + target);
        }
        return go(config);
      },
      [go, here, search, hash],
    );
  },
  parse: () => {
    const routeParams = useParams();
    const { pathname, search } = useLocation();
    const { resources } = useContext(ResourceContext);
    const { resource, action, matchedRoute } = resourceOfPath(resources, pathname);
    const params = useMemo(
      () => (Object.keys(routeParams).length === 0 && matchedRoute ? (matchPath(matchedRoute, pathname)?.params ?? {}) : routeParams),
      [routeParams, matchedRoute, pathname],
    );
    return useCallback((): ParseResponse => {
      const combined: Record<string, unknown> = { ...params, ...qs.parse(search, { ignoreQueryPrefix: true, depth: QS_PARSE_DEPTH }) };
      return {
        ...(resource && { resource }),
        ...(action && { action }),
        ...(params.id && { id: decodeURIComponent(params.id) }),
        pathname,
        params: {
          ...combined,
          currentPage: numberIfPossible(combined.currentPage) as number | undefined,
          pageSize: numberIfPossible(combined.pageSize) as number | undefined,
          to: combined.to ? decodeURIComponent(String(combined.to)) : undefined,
        },
      };
    }, [pathname, search, params, resource, action]);
  },
};

import { matchResourceFromRoute, QS_PARSE_DEPTH, ResourceContext, type ParseResponse, type RouterProvider } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import qs from 'qs';
import { useCallback, useContext, useMemo } from 'react';
import { matchPath, useHref, useLocation, useParams } from 'react-router';

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

/**
 * Refine's react-router bindings, with the route's resource matched once per path. Every Refine hook
 * parses the route (useResourceParams), and the bindings' own parse matched each path against every
 * resource in each hook: ~50 ms of a list's first render on a 2-core machine.
 * What it answers is the bindings' answer, field for field. `go` drops a page's URL update once the
 * user has left that page, and one that would not change the URL: that was a navigation all the
 * same, so a second render of the whole console after a list's first (a list is opened at
 * the address its table writes, `listAddress`).
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
        if (config.type === 'replace' && go({ ...config, type: 'path' }) === search + hash) return;
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

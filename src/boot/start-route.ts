import { sessionStore } from '../providers/session-store';
import { provideRouteCode, routeAddress, startConsole, type RouteCode } from './route-data';

/** How long the first render waits for the route's code at most: a stalled chunk must not keep the page blank. */
const CODE_WAIT_MS = 3000;

/**
 * Starts the first route's data and code, before the router and React have loaded (the entry
 * imports this right after i18n), with the route code the root hands in. Settles when the route's
 * code is in, or after CODE_WAIT_MS: the entry renders then.
 */
export function startFirstRoute(code: RouteCode): Promise<unknown> {
  provideRouteCode(code);
  const route = location.pathname.replace(/^\/app(?=\/|$)/, '') || '/';
  // A list opened by its bare path is shown at the address its table would write at once, before the
  // router reads it: the table then has nothing to write, and the console renders once (route-data.ts).
  // Nobody signed in sees no list: sign-in comes back to the address as it was given.
  const address = sessionStore.token() ? routeAddress(route, location.search) : route + location.search;
  if (address !== route + location.search) history.replaceState(history.state, '', `${location.pathname}${address.slice(route.length)}${location.hash}`);
  const started = startConsole(route, location.search);
  return Promise.race([started, new Promise((resolve) => setTimeout(resolve, CODE_WAIT_MS))]);
}

import fc from 'fast-check';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { matchEntry, routeEntries } from '../../../model/resources/index';

/**
 * AppRoutes gives react-router only the declared route matchEntry chooses for the address. That is
 * the same choice react-router makes among all of them, as it was given before.
 */
const everyRoute: RouteObject[] = [
  { path: '/login' },
  { path: '/visual' },
  { path: '/403' },
  { path: '/404' },
  { path: '/500' },
  { id: 'shell', children: [{ index: true, id: 'home' }, ...routeEntries.map((entry) => ({ path: entry.fullPath, id: entry.fullPath }))] },
  { path: '*', id: 'unknown' },
];
const routerChoice = (pathname: string) => {
  const leaf = matchRoutes(everyRoute, pathname)?.at(-1)?.route;
  return leaf?.id !== undefined && leaf.id !== 'home' && leaf.id !== 'unknown' && leaf.path?.startsWith('/') ? leaf.id : undefined;
};
const segments = [...new Set(routeEntries.flatMap((entry) => entry.fullPath.split('/').filter((part) => part && !part.startsWith(':'))))];

describe('the route an address opens', () => {
  it('is the one react-router would choose among every declared route, for each declared route with its parameters filled', () => {
    for (const entry of routeEntries) {
      const pathname = entry.fullPath.replace(/:(\w+)/g, (_, name: string) => `${name}-7`);
      expect(matchEntry(pathname)?.entry.fullPath, pathname).toBe(routerChoice(pathname));
    }
  });

  it("is the same where a parameter takes a static segment's name, and for addresses one segment short or long", () => {
    const value = fc.oneof(fc.constantFrom(...segments), fc.constantFrom('5', 'x', '%E4%B8%AD'));
    const address = fc
      .tuple(fc.constantFrom(...routeEntries), fc.array(value, { minLength: 8, maxLength: 8 }), fc.constantFrom(-1, 0, 0, 1), value)
      .map(([entry, values, change, extra]) => {
        let at = 0;
        const parts = entry.fullPath
          .split('/')
          .filter(Boolean)
          .map((part) => (part.startsWith(':') ? values[at++]! : part));
        return `/${(change < 0 ? parts.slice(0, -1) : change > 0 ? [...parts, extra] : parts).join('/')}`;
      });
    fc.assert(
      fc.property(address, (pathname) => matchEntry(pathname)?.entry.fullPath === routerChoice(pathname)),
      { numRuns: 600 },
    );
  });
});

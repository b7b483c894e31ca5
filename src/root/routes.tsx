import { lazy, Suspense, type ReactElement } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { RouteProgress } from '../screens/components/progress/route-progress';
import { matchEntry } from '../../model/resources/index';
import type { RouteEntry } from '../../model/resources/types';
import { SIGN_IN_PATH } from '../../model/resources/sign-in-path';
import { HomeRedirect, RouteGate, SignedInOnly, SignedOutOnly } from './guards';
import { lazyLoaded } from '../boot/lazy-loaded';
import { loadConsoleShell, pageLoaderOf } from './page-loaders';

const LoginPage = lazy(() => import('../screens/pages/login/login-page'));
const VisualPage = lazy(() => import('../screens/pages/visual/visual-page'));
const ErrorPage = lazy(() => import('../screens/pages/errors/error-page'));
const ConsoleShell = lazyLoaded(loadConsoleShell);
const NotYetAvailable = lazy(() => import('../screens/pages/not-yet-available'));

const pageOf = (entry: RouteEntry) => {
  // A page that only forwards (an unknown tab key goes to the first tab).
  if (entry.redirect && !entry.entries.length) return <Navigate to={entry.redirect} replace />;
  // Each page's code is a route-level chunk, loaded on its first visit (or earlier: route-data.ts).
  const load = pageLoaderOf(entry);
  const Page = load && lazyLoaded(load);
  return Page ? <Page key={entry.fullPath} /> : <NotYetAvailable />;
};

/** One element per route, made once: a route's page keeps its identity across renders. */
const elements = new Map<RouteEntry, ReactElement>();
const elementOf = (entry: RouteEntry) => {
  let element = elements.get(entry);
  if (!element) elements.set(entry, (element = <RouteGate entry={entry} page={pageOf(entry)} />));
  return element;
};

/**
 * Spec §2: public routes, the declared authenticated routes, and /404 for anything else. Of the two
 * hundred-odd declared routes, react-router is given the one the address matches (matchEntry, the
 * same choice: tests/unit/app/routes.test.ts): it turns every route given into an object and ranks
 * them all at every render, ~20 ms of a cold list load.
 */
export function AppRoutes() {
  const entry = matchEntry(useLocation().pathname)?.entry;
  return (
    <Suspense fallback={<RouteProgress />}>
      <Routes>
        <Route
          path={SIGN_IN_PATH}
          element={
            <SignedOutOnly>
              <LoginPage />
            </SignedOutOnly>
          }
        />
        <Route path="/visual" element={<VisualPage />} />
        <Route path="/403" element={<ErrorPage status={403} />} />
        <Route path="/404" element={<ErrorPage status={404} />} />
        <Route path="/500" element={<ErrorPage status={500} />} />
        <Route
          element={
            <SignedInOnly>
              <ConsoleShell />
            </SignedInOnly>
          }
        >
          <Route index element={<HomeRedirect />} />
          {entry && <Route key={entry.fullPath} path={entry.fullPath} element={elementOf(entry)} />}
        </Route>
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Routes>
    </Suspense>
  );
}

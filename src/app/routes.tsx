import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RouteProgress } from '../components/progress/route-progress';
import { routeEntries } from '../resources/index';
import type { PageLoader, RouteEntry } from '../resources/types';
import { HomeRedirect, RouteGate, SignedInOnly, SignedOutOnly } from './guards';
import { loadConsoleShell, pageLoaderOf } from './page-loaders';

const LoginPage = lazy(() => import('../pages/login/login-page'));
const VisualPage = lazy(() => import('../pages/visual/visual-page'));
const ErrorPage = lazy(() => import('../pages/errors/error-page'));
const ConsoleShell = lazy(loadConsoleShell);
const NotYetAvailable = lazy(() => import('../pages/not-yet-available'));

/** Each page's code becomes a route-level chunk, loaded on its first visit (or earlier: route-data.ts); one component per loader. */
const lazyPages = new Map<PageLoader, LazyExoticComponent<ComponentType>>();
const lazyPage = (load: PageLoader) => lazyPages.get(load) ?? lazyPages.set(load, lazy(load)).get(load)!;

const pageOf = (entry: RouteEntry) => {
  // A page that only forwards (an unknown tab key goes to the first tab).
  if (entry.redirect && !entry.entries.length) return <Navigate to={entry.redirect} replace />;
  const load = pageLoaderOf(entry);
  const Page = load && lazyPage(load);
  return Page ? <Page key={entry.fullPath} /> : <NotYetAvailable />;
};

/** Spec §2: public routes, the declared authenticated routes, and /404 for anything else. */
export function AppRoutes() {
  return (
    <Suspense fallback={<RouteProgress />}>
      <Routes>
        <Route
          path="/login"
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
          {routeEntries.map((entry) => (
            <Route key={entry.fullPath} path={entry.fullPath} element={<RouteGate entry={entry} page={pageOf(entry)} />} />
          ))}
        </Route>
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Routes>
    </Suspense>
  );
}

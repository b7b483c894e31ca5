import { lazy, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../screens/hooks/use-session';
import { canOpen, homePath, indexPath, isCatalogue, matchEntry, sectionEntries } from '../../model/resources/index';
import type { RouteEntry } from '../../model/resources/types';
import { PERSONAL_CENTRE_PATH } from '../screens/components/layout/personal-centre-path';

/** Rarely shown: it loads when it is. */
const MustChangePassword = lazy(() => import('../screens/pages/console/must-change-password'));

/** Spec §2: nobody signed in → /login; unless they signed out themselves, they come back here afterwards. */
export function SignedInOnly({ children }: { children: ReactNode }) {
  const { token, ended } = useSession();
  const { pathname, search } = useLocation();
  if (token) return children;
  const to = pathname === '/' || ended === 'signedOut' ? '' : `?to=${encodeURIComponent(pathname + search)}`;
  return <Navigate to={`/login${to}`} replace />;
}

/** Spec §2: a signed-in user opening /login is sent home. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { token, userInfo } = useSession();
  return token && userInfo ? <Navigate to={homePath(userInfo.role)} replace /> : children;
}

/** The index of the authenticated area: the user's home (spec §2), else the first page they may open. */
export function HomeRedirect() {
  const { userInfo, permissions } = useSession();
  const home = homePath(userInfo?.role ?? '');
  const homeEntry = matchEntry(home)?.entry;
  const target = homeEntry && canOpen(homeEntry, permissions) ? home : sectionEntries.map((section) => indexPath(section, permissions)).find(Boolean);
  return <Navigate to={target ?? '/403'} replace />;
}

/**
 * A route the user may not open → /403; a catalogue → its index; an account that must still change
 * its one-time password → the way to do so (the server refuses its other calls); else the page itself.
 */
export function RouteGate({ entry, page }: { entry: RouteEntry; page: ReactNode }) {
  const { permissions, userInfo } = useSession();
  if (!canOpen(entry, permissions)) return <Navigate to="/403" replace />;
  if (isCatalogue(entry)) return <Navigate to={indexPath(entry, permissions) ?? '/403'} replace />;
  if (userInfo?.mustChangePassword && !entry.redirect && entry.fullPath !== PERSONAL_CENTRE_PATH) return <MustChangePassword />;
  return page;
}

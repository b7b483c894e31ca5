import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../hooks/use-session';
import { canOpen, homePath, indexPath, isCatalogue, matchEntry, sectionEntries } from '../resources/index';
import type { RouteEntry } from '../resources/types';

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

/** A route the user may not open → /403; a catalogue → its index; else the page itself. */
export function RouteGate({ entry, page }: { entry: RouteEntry; page: ReactNode }) {
  const { permissions } = useSession();
  if (!canOpen(entry, permissions)) return <Navigate to="/403" replace />;
  if (isCatalogue(entry)) return <Navigate to={indexPath(entry, permissions) ?? '/403'} replace />;
  return page;
}

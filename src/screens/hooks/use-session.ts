import { useSyncExternalStore } from 'react';
import { permissionsOfUser } from '../../providers/permissions';
import { sessionStore } from '../../providers/session-store';

/** The signed-in user as stored (token, user info, permission strings), re-rendering on every change. */
export function useSession() {
  const { token, userInfo, ended } = useSyncExternalStore(sessionStore.subscribe, sessionStore.snapshot);
  return { token, userInfo, ended, permissions: permissionsOfUser(userInfo) };
}

import { permissionsOf, type Permission } from '../../model/access/permissions';
import { sessionStore, type UserInfo } from './session-store';

/** The signed-in user's permission strings, from the stored user info: no request per check. */
export const permissionsOfUser = (user: UserInfo | null): Permission[] => (user ? permissionsOf({ role: user.role, internal: user.tenant.internal }) : []);

export const currentPermissions = () => permissionsOfUser(sessionStore.userInfo());

import { parseRoles, type Role } from './roles';

/** Spec §6: `internal:` when the user's tenant is the platform's own, else `external:`, plus a role. */
export type Permission = `${'internal' | 'external'}:${Role}`;

export interface Grantee {
  role: string;
  internal: boolean;
}

export const permissionsOf = ({ role, internal }: Grantee): Permission[] =>
  parseRoles(role).map((code) => `${internal ? 'internal' : 'external'}:${code}` as const);

/** A rule with no auth list is open to every signed-in user; otherwise any listed permission opens it. */
export const allows = (granted: readonly Permission[], auth?: readonly Permission[]): boolean =>
  !auth || auth.some((permission) => granted.includes(permission));

/** The roles, held in any tenant. */
export const anyTenant = (...roles: Role[]): Permission[] => roles.flatMap((code) => [`internal:${code}`, `external:${code}`] as const);

/** The roles, held in the platform's own tenant only. */
export const internalOnly = (...roles: Role[]): Permission[] => roles.map((code) => `internal:${code}` as const);

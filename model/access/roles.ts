/** The four role codes of spec §6; an account's `role` is a comma-separated list of them. */
export const ROLES = ['system_admin', 'tenant_admin', 'rd', 'tele_operator'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (code: string): code is Role => (ROLES as readonly string[]).includes(code);

/** Splits a stored role list; unknown codes are dropped rather than trusted. */
export function parseRoles(role: string | null | undefined): Role[] {
  return (role ?? '')
    .split(',')
    .map((code) => code.trim())
    .filter(isRole);
}

/** Spec §2: only an account whose role list is exactly `tele_operator` is a ticket-handling account. */
export const isTicketHandler = (role: string | null | undefined): boolean => {
  const roles = (role ?? '')
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean);
  return roles.length === 1 && roles[0] === 'tele_operator';
};

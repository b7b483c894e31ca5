import { anyTenant, internalOnly } from './permissions';

/** The permission groups of spec §6, named once; resources and server guards use these names. */
export const staff = anyTenant('system_admin', 'tenant_admin', 'rd');
export const ticketHandlers = anyTenant('system_admin', 'tenant_admin', 'rd', 'tele_operator');
export const everyone = ticketHandlers;
export const platformAdmin = internalOnly('system_admin');
/** Tenant administrators manage their tenant's accounts; the platform's system admin is its tenant's administrator. */
export const accountAdmins = [...anyTenant('tenant_admin'), ...platformAdmin];

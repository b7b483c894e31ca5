/**
 * The audit trail's entity name, apart from its schema (audit-event.ts): the console's entry starts a
 * record page's history with its record (route-data.ts) and must not load the schema engine for a name.
 */
export const AUDIT_EVENT = 'audit-event';

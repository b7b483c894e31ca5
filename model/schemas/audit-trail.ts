/**
 * The audit trail's entity name and texts, apart from its schema (audit-event.ts): the console's entry
 * starts a record page's history with its record (route-data.ts) and must not load the schema engine for them.
 */
export const AUDIT_EVENT = 'audit-event';
/** The texts a record's history reads besides its record's (record-history.tsx): the trail's own. */
export const AUDIT_CATALOGUES = ['auditEvent'];

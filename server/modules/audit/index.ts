import type { DomainModule } from '../../engine/module';
import { auditTrail } from './audit-trail';

/** The audit trail: who did what to which record, for every entity. */
export const auditModule: DomainModule = { name: 'audit', setup: () => ({ hooks: { '*': auditTrail } }) };

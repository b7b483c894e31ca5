import type { DomainModule } from '../../engine/module';
import { tenantHooks } from './tenant-hooks';

/** Spaces: a new one comes with its administrator; the platform's own stays. */
export const tenantsModule: DomainModule = { name: 'tenants', setup: () => ({ hooks: { tenant: tenantHooks } }) };

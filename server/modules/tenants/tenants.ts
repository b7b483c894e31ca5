import type { Quota, TenantRecord } from '../../../src/schemas/tenant';
import type { Db, Tenant } from '../../db/tables';

const toQuota = (amount: number | null): Quota => (amount === null ? { limited: false, amount: null } : { limited: true, amount });

export const toTenantRecord = (tenant: Tenant): TenantRecord => ({
  id: tenant.id,
  code: tenant.code,
  name: tenant.name,
  internal: tenant.internal,
  rawDataStorageQuota: toQuota(tenant.rawDataStorageQuota),
  rawDataDownloadQuota: toQuota(tenant.rawDataDownloadQuota),
  description: tenant.description,
  createdBy: tenant.createdBy,
  updatedBy: tenant.updatedBy,
  createdTime: tenant.createdTime.toISOString(),
  updatedTime: tenant.updatedTime.toISOString(),
});

export const findTenantByCode = (db: Db, code: string) => db.selectFrom('tenants').selectAll().where('code', '=', code).executeTakeFirst();

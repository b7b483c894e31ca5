import { tenant as tenantEntity, type TenantRecord } from '../../../model/schemas/tenant';
import type { Db, Tenant } from '../../db/tables';
import { toRecord } from '../../engine/records';

/** A tenant row as the API returns it: the engine's mapping of its declared fields (quotas as limited/unlimited). */
export const toTenantRecord = (tenant: Tenant): TenantRecord => toRecord(tenantEntity, tenant) as TenantRecord;

export const findTenantByCode = (db: Db, code: string) => db.selectFrom('tenants').selectAll().where('code', '=', code).executeTakeFirst();

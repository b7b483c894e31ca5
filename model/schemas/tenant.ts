import type { z } from 'zod';
import { defineEntity, recordSchema, type EntityRecord } from './engine/entity';
import { bool, quota, quotaSchema, text, textarea, transient } from './engine/fields';

/** Spec §3 Tenant (a space): its quotas are each limited to a number of bytes or unlimited. */
export const tenant = defineEntity({
  name: 'tenant',
  table: 'tenants',
  label: 'tenant:_',
  scope: 'platform',
  title: 'name',
  sort: { field: 'createdTime', order: 'desc' },
  unique: [['code']],
  fields: {
    code: text('tenant:fields.code', {
      max: 64,
      pattern: [/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'tenant:rules.code'],
      example: (n) => `space-${n}`,
      edit: 'create',
      filter: 'contains',
      list: { copyable: true, width: 160 },
    }),
    name: text('tenant:fields.name', { max: 64, list: { width: 180 } }),
    internal: bool('tenant:fields.internal', { edit: false, list: { width: 100 } }),
    rawDataStorageQuota: quota('tenant:fields.rawDataStorageQuota'),
    rawDataDownloadQuota: quota('tenant:fields.rawDataDownloadQuota'),
    description: textarea('tenant:fields.description'),
    // Creating a space also creates its administrator; these name that account.
    adminCode: transient(text('tenant:fields.adminCode', { max: 64, pattern: [/^[A-Za-z0-9_.@-]+$/, 'account:rules.code'], example: (n) => `admin-${n}` })),
    adminName: transient(text('tenant:fields.adminName', { max: 64 })),
  },
});

export const tenantRecord = recordSchema(tenant);
export type TenantRecord = EntityRecord<typeof tenant>;
export type Quota = z.infer<typeof quotaSchema>;

import { z } from 'zod';

/** Spec §3: each raw-data quota is either limited to an amount of bytes or unlimited. */
export const quota = z
  .object({
    limited: z.boolean({ error: 'validation:required' }),
    amount: z.number().int('tenant:rules.quota').min(0, 'tenant:rules.quota').nullable().default(null),
  })
  .refine((value) => !value.limited || value.amount !== null, { message: 'tenant:rules.quota', path: ['amount'] });

export const tenantRecord = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  internal: z.boolean(),
  rawDataStorageQuota: quota,
  rawDataDownloadQuota: quota,
  description: z.string(),
  createdTime: z.string(),
  updatedTime: z.string(),
});

export type Quota = z.infer<typeof quota>;
export type TenantRecord = z.infer<typeof tenantRecord>;

import { z } from 'zod';

/** Bytes; null where the quota is unlimited (spec §3 tenant quotas). */
const quotaBytes = z.number().nullable();

/** One figure of the space home: how many records of an entity the caller may read, and where they are listed. */
export const entityCount = z.object({
  name: z.string(),
  /** i18n key of the list's label. */
  label: z.string(),
  path: z.string(),
  count: z.number(),
  /** Counted up to 10,000 (as the lists count): more than that. */
  capped: z.boolean(),
});

/** `GET /console/space/overview`. */
export const spaceOverview = z.object({ counts: z.array(entityCount) });

/** The storage one value of a bag dimension holds. */
export const storageShare = z.object({ value: z.string(), bags: z.number(), bytes: z.number() });

/** `GET /console/space/quota`: the caller's space against its quotas. */
export const spaceQuota = z.object({
  storage: z.object({ used: z.number(), quota: quotaBytes, bags: z.number() }),
  /** This month's (China time): each download link given out counts its file's size; null where a report cannot count them. */
  downloads: z.object({ used: z.number().nullable(), quota: quotaBytes }),
  /** Storage per robot type and per region, largest first. */
  storageBy: z.object({ robotType: z.array(storageShare), bagRegion: z.array(storageShare) }),
});

/** One space in `GET /console/system/usage`. */
export const tenantUsage = z.object({
  tenantId: z.number(),
  code: z.string(),
  name: z.string(),
  internal: z.boolean(),
  storageUsed: z.number(),
  storageQuota: quotaBytes,
  bags: z.number(),
  downloadsUsed: z.number().nullable(),
  downloadQuota: quotaBytes,
  accounts: z.number(),
  /** null when tasks are not declared. */
  tasks: z.number().nullable(),
});

export const usageReport = z.object({
  tenants: z.array(tenantUsage),
  /** What the report can count at all: downloads (recorded since the data lake came); tasks once the entity exists. */
  counted: z.object({ downloads: z.boolean(), tasks: z.boolean() }),
});

export type EntityCount = z.infer<typeof entityCount>;
export type SpaceOverview = z.infer<typeof spaceOverview>;
export type StorageShare = z.infer<typeof storageShare>;
export type SpaceQuota = z.infer<typeof spaceQuota>;
export type TenantUsage = z.infer<typeof tenantUsage>;
export type UsageReport = z.infer<typeof usageReport>;

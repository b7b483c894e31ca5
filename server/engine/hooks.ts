import type { Principal } from '../auth/guard';
import type { Db } from '../db/tables';
import { accessKeyHooks } from '../domain/access-key-hooks';
import { tenantHooks } from '../domain/tenant-hooks';

export interface HookContext {
  /** The transaction the write happens in: a hook's writes stand or fall with it. */
  db: Db;
  principal: Principal;
  now: Date;
}

/** Domain rules an entity's generic routes call around their writes. */
export interface EntityHooks {
  /** After the insert; what it returns is added to the response under `extras`. */
  afterCreate?: (context: HookContext, record: Record<string, unknown>, input: Record<string, unknown>) => Promise<Record<string, unknown> | void>;
  /** Before deleting these rows; throw an ApiError to refuse. */
  beforeDelete?: (context: HookContext, rows: Record<string, unknown>[]) => Promise<void>;
}

export const entityHooks: Record<string, EntityHooks> = {
  tenant: tenantHooks,
  'access-key': accessKeyHooks,
};

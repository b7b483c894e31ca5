import type { EntityHooks } from '../../engine/hooks';

/** A stored key (the demo's bags point at `oss://…` paths no store holds). */
const storedKey = (path: unknown) => (typeof path === 'string' && path !== '' && !path.includes('://') ? path : undefined);

/** A deleted bag's file goes with it, once the delete has committed (a rolled-back delete keeps it); its quota is then free. */
export const bagObjectHooks: EntityHooks = {
  afterDelete: ({ storage, afterCommit }, rows) => {
    for (const key of rows.map((row) => storedKey(row.bagOssPath))) if (key) afterCommit(async () => await storage.delete(key));
  },
};

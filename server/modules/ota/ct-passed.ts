import { sql } from 'kysely';
import type { Db } from '../../db/tables';

/** An artifact as a package copies it, with the times of its latest CT success and failure. */
export interface ArtifactForPackage {
  id: number;
  tenantId: number;
  type: string;
  arch: string;
  version: string;
  lastSuccess: Date | null;
  lastFailure: Date | null;
}

/**
 * The one rule of what "passed its CT" means: the artifact has at least one CT record whose status
 * is `success`, and none of its CT records has `failed` more recently than its latest success. A
 * record's time is its `updatedTime`, the moment its run last wrote its outcome. Records still
 * pending or running count neither way; a failure as old as the latest success does not outweigh it.
 */
export const hasPassedCt = ({ lastSuccess, lastFailure }: Pick<ArtifactForPackage, 'lastSuccess' | 'lastFailure'>): boolean =>
  lastSuccess !== null && (lastFailure === null || lastFailure.getTime() <= lastSuccess.getTime());

/** The artifact of this id, of any space, with what hasPassedCt weighs; undefined when there is none. */
export async function artifactForPackage(db: Db, id: number): Promise<ArtifactForPackage | undefined> {
  const { rows } = await sql<{
    id: string | number;
    tenantId: string | number;
    type: string;
    arch: string;
    version: string;
    lastSuccess: Date | null;
    lastFailure: Date | null;
  }>`
    select a.id, a.tenant_id, a.type, a.arch, a.version,
      (select max(c.updated_time) from ct_records c where c.tenant_id = a.tenant_id and c.artifact_id = a.id and c.status = 'success') as last_success,
      (select max(c.updated_time) from ct_records c where c.tenant_id = a.tenant_id and c.artifact_id = a.id and c.status = 'failed') as last_failure
    from artifacts a where a.id = ${id}`.execute(db);
  const row = rows[0];
  return row && { ...row, id: Number(row.id), tenantId: Number(row.tenantId) };
}

import { sql } from 'kysely';
import type { OtaOffer } from '../../../model/schemas/robot-report';
import type { Db } from '../../db/tables';

/**
 * The ACTIVE packages of these spaces, by space: what their robots' heartbeats are answered with.
 * One query per heartbeat batch, read from the partial unique index on (artifact_tenant_id,
 * artifact_type) where status = 'ACTIVE' (the condition is written as a constant so the planner
 * can match it): at most one row per artifact type and space.
 */
export async function activePackagesOf(db: Db, tenantIds: number[]): Promise<Map<number, OtaOffer[]>> {
  const bySpace = new Map<number, OtaOffer[]>();
  if (tenantIds.length === 0) return bySpace;
  const { rows } = await sql<{
    id: string | number;
    officialVersion: string;
    atcArtifactId: string | number;
    artifactTenantId: string | number;
    artifactType: string;
    artifactArch: string;
    artifactVersion: string;
  }>`
    select id, official_version, atc_artifact_id, artifact_tenant_id, artifact_type, artifact_arch, artifact_version
    from ota_packages where status = 'ACTIVE' and artifact_tenant_id = any(${[...new Set(tenantIds)]}::bigint[])
    order by artifact_type`.execute(db);
  for (const row of rows) {
    const space = Number(row.artifactTenantId);
    const offer: OtaOffer = {
      id: Number(row.id),
      officialVersion: row.officialVersion,
      artifactId: Number(row.atcArtifactId),
      artifactType: row.artifactType,
      arch: row.artifactArch ?? '',
      artifactVersion: row.artifactVersion ?? '',
    };
    bySpace.set(space, [...(bySpace.get(space) ?? []), offer]);
  }
  return bySpace;
}

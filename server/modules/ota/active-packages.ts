import { sql } from 'kysely';
import type { OtaOffer } from '../../../model/schemas/robot-report';
import type { Db } from '../../db/tables';
import type { ObjectStore } from '../../storage/object-store';
import { LINK_SECONDS } from '../lake/download-link';

type OtaFile = OtaOffer['files'][number];

/**
 * The ACTIVE packages of these spaces, by space: what their robots' heartbeats are answered with.
 * One query per heartbeat batch, read from the partial unique index on (artifact_tenant_id,
 * artifact_type) where status = 'ACTIVE' (the condition is written as a constant so the planner
 * can match it): at most one row per artifact type and space. A second query finds the files the
 * exports those artifacts ship produced, each offered with a link signed once per batch.
 */
export async function activePackagesOf(db: Db, storage: ObjectStore, tenantIds: number[]): Promise<Map<number, OtaOffer[]>> {
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
  const files = await filesOf(
    db,
    storage,
    rows.map((row) => Number(row.atcArtifactId)),
  );
  for (const row of rows) {
    const space = Number(row.artifactTenantId);
    const offer: OtaOffer = {
      id: Number(row.id),
      officialVersion: row.officialVersion,
      artifactId: Number(row.atcArtifactId),
      artifactType: row.artifactType,
      arch: row.artifactArch ?? '',
      artifactVersion: row.artifactVersion ?? '',
      files: files.get(Number(row.atcArtifactId)) ?? [],
    };
    bySpace.set(space, [...(bySpace.get(space) ?? []), offer]);
  }
  return bySpace;
}

/** The files of the exports each artifact ships (artifact-model links of its own space), by artifact, by model then name. */
async function filesOf(db: Db, storage: ObjectStore, artifactIds: number[]): Promise<Map<number, OtaFile[]>> {
  const byArtifact = new Map<number, OtaFile[]>();
  if (artifactIds.length === 0) return byArtifact;
  const { rows } = await sql<{ artifactId: string | number; model: string; name: string; objectKey: string; size: string | number; sha256: string }>`
    select l.artifact_id, e.target_model_id as model, f.name, f.object_key, f.size, f.sha256
    from artifact_models l
      join model_exports e on e.id = l.model_export_id and e.tenant_id = l.tenant_id
      join run_files f on f.model_export_id = e.id and f.tenant_id = e.tenant_id
    where l.artifact_id = any(${artifactIds}::bigint[])
    order by e.target_model_id, f.name`.execute(db);
  for (const row of rows) {
    const url = await storage.signedUrl(row.objectKey, { expiresInSeconds: LINK_SECONDS, fileName: row.name });
    const file: OtaFile = { model: row.model, name: row.name, size: Number(row.size), sha256: row.sha256, url };
    const artifactId = Number(row.artifactId);
    byArtifact.set(artifactId, [...(byArtifact.get(artifactId) ?? []), file]);
  }
  return byArtifact;
}

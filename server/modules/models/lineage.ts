import { sql } from 'kysely';
import { isoText } from '../../db/iso-text';
import type { Db } from '../../db/tables';

/** A card's run and the dataset versions it learned from (its model-card-dataset links), as the card's page shows them. */
export async function lineageOf(db: Db, card: Record<string, unknown>) {
  const { rows: runs } = await sql<{ id: number; taskName: string; status: string; startTime: Date | null; endTime: Date | null }>`
    select id, task_name as "taskName", status, start_time as "startTime", end_time as "endTime"
    from instances where id = ${card.instanceId ?? null}::bigint and tenant_id = ${card.tenantId}`.execute(db);
  const { rows: versions } = await sql<{
    id: number;
    version: string;
    datasetId: number;
    datasetName: string;
    contentHash: string | null;
    bagCount: number | null;
  }>`
    select v.id, v.version, v.dataset_id as "datasetId", d.name as "datasetName", v.content_hash as "contentHash", v.bag_count as "bagCount"
    from model_card_datasets l join dataset_versions v on v.id = l.dataset_version_id join datasets d on d.id = v.dataset_id
    where l.model_card_id = ${card.id} order by d.name, v.id`.execute(db);
  const run = runs[0];
  return {
    run: run ? { id: Number(run.id), taskName: run.taskName, status: run.status, startTime: isoText(run.startTime), endTime: isoText(run.endTime) } : null,
    versions: versions.map((version) => ({
      ...version,
      id: Number(version.id),
      datasetId: Number(version.datasetId),
      bagCount: version.bagCount === null ? null : Number(version.bagCount),
    })),
  };
}

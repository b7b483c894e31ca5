import { sql } from 'kysely';
import { GIT_COMMIT, modelCard } from '../../../model/schemas/model-card';
import { modelCardDataset } from '../../../model/schemas/model-card-dataset';
import { task } from '../../../model/schemas/task';
import { trainingRecord } from '../../../model/schemas/training-record';
import { systemActor } from '../../engine/actor';
import type { RecordService } from '../../engine/record-service';
import type { Db } from '../../db/tables';
import type { InstanceRow } from '../runs/instance-state';
import { claimRunFiles, runFilesOf } from '../runs/run-files';
import { environmentOf } from '../runs/run-spec';
import { byId } from '../runs/subject-env';
import { gitOf } from './git-line';

/** The dataset versions the run learned from: the record's own, and the version its training data was exported from. */
async function versionsOf(db: Db, record: Record<string, unknown>): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select dataset_version_id as id from training_record_datasets where training_record_id = ${record.id}
    union
    select dataset_version_id from training_data where id = ${record.trainingDataId ?? null}::bigint and dataset_version_id is not null
    order by id`.execute(db);
  return rows.map((row) => Number(row.id));
}

/** The furthest step the run reported with its metrics, else how many reports it made; null when it reported none. */
async function stepsOf(db: Db, instanceId: number): Promise<number | null> {
  const { rows } = await sql<{ steps: number | null }>`
    select coalesce(max(step), max(seq)) as steps from instance_metrics where instance_id = ${instanceId}`.execute(db);
  const steps = Number(rows[0]?.steps ?? 0);
  return steps >= 1 ? steps : null;
}

/** The code it ran: what the run printed (`##edp:git`), else the task's environment (GIT_COMMIT, GIT_BRANCH). */
async function codeOf(db: Db, row: InstanceRow): Promise<{ gitCommit: string | null; gitBranch: string | null }> {
  const printed = await gitOf(db, Number(row.id));
  const environment = environmentOf(String((await byId(db, task.table, Number(row.task)))?.environment ?? ''));
  const commit = (printed.commit ?? environment.GIT_COMMIT ?? '').toLowerCase();
  const branch = printed.branch ?? environment.GIT_BRANCH ?? '';
  return { gitCommit: GIT_COMMIT.test(commit) ? commit : null, gitBranch: branch ? branch.slice(0, 128) : null };
}

/**
 * A training run's success makes its model card, in the transaction that records the success: the
 * record's name with the next version number, the files the run produced (the largest is the card's
 * model file), and its lineage as the system knows it. A run that made one already makes no other.
 */
export async function cardFromRun(records: RecordService, db: Db, row: InstanceRow): Promise<number | null> {
  const existing = await sql<{ id: number }>`select id from model_cards where instance_id = ${row.id}`.execute(db);
  if (existing.rows[0]) return Number(existing.rows[0].id);
  const record = await byId(db, trainingRecord.table, Number(row.trainingRecord));
  if (!record) return null;
  const { rows } = await sql<{ version: number | null }>`
    select max(version) as version from model_cards where tenant_id = ${row.tenantId} and name = ${record.name}`.execute(db);
  const files = await runFilesOf(db, Number(row.id));
  const model = [...files].sort((a, b) => b.size - a.size || a.name.localeCompare(b.name))[0];
  const actor = systemActor(Number(row.tenantId));
  const card = await records.create(actor, modelCard, {
    name: record.name,
    version: Number(rows[0]?.version ?? 0) + 1,
    modelType: record.foundationModel,
    trainer: row.triggerPerson,
    trainingTime: row.endTime ?? new Date(),
    trainingSteps: await stepsOf(db, Number(row.id)),
    trainingRecordId: Number(record.id),
    instanceId: Number(row.id),
    fileName: model?.name ?? null,
    ...(await codeOf(db, row)),
    createdBy: row.triggerPerson,
  });
  const versions = await versionsOf(db, record);
  if (versions.length)
    await records.createMany(
      actor,
      modelCardDataset,
      versions.map((datasetVersionId) => ({ modelCardId: Number(card.id), datasetVersionId, createdBy: row.triggerPerson })),
    );
  await claimRunFiles(db, Number(row.id), 'model_card_id', Number(card.id));
  return Number(card.id);
}

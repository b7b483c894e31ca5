import { sql } from 'kysely';
import { compileServer } from '../../../model/schemas/compile-server';
import { datasetVersion } from '../../../model/schemas/dataset-version';
import { modelExport } from '../../../model/schemas/model-export';
import { processingRecord } from '../../../model/schemas/processing-record';
import { trainingData } from '../../../model/schemas/training-data';
import { trainingRecord } from '../../../model/schemas/training-record';
import { systemActor } from '../../engine/actor';
import type { RecordService } from '../../engine/record-service';
import { loose } from '../../engine/queries';
import type { Db } from '../../db/tables';
import type { ObjectStore } from '../../storage/object-store';
import { manifestString } from '../datasets/manifest';
import { pickedBagIds } from '../datasets/processing-hooks';
import type { InstanceRow } from './instance-state';

/** A day is long enough for a run to fetch its data; it asks again by running again. */
const DATA_LINK_SECONDS = 86_400;

/** Where a training run's LeRobot archive is: its object key and a signed link (a run reads it without a session). */
async function trainingDataOf(db: Db, storage: ObjectStore, id: unknown): Promise<Record<string, string>> {
  if (!id) return {};
  const data = await byId(db, trainingData.table, Number(id));
  if (!data?.storagePath) return {};
  const key = String(data.storagePath);
  return {
    EDP_TRAINING_DATA_ID: String(data.id),
    EDP_TRAINING_DATA_FORMAT: String(data.format),
    EDP_TRAINING_DATA_KEY: key,
    EDP_TRAINING_DATA_URL: await storage.signedUrl(key, { expiresInSeconds: DATA_LINK_SECONDS, fileName: `${String(data.name)}.tar` }),
  };
}

const byId = async (db: Db, table: string, id: number) =>
  (await loose(db).selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst()) as Record<string, unknown> | undefined;

/**
 * What a training run or a model export adds to its task's run: a training record's config as
 * config.json and its dataset versions; an export's models and compile server, as variables.
 */
export async function subjectOf(
  db: Db,
  row: Pick<InstanceRow, 'trainingRecord' | 'modelExport' | 'processingRecord'>,
  storage: ObjectStore,
): Promise<{ env: Record<string, string>; files: Record<string, string> }> {
  if (row.processingRecord) {
    const record = await byId(db, processingRecord.table, Number(row.processingRecord));
    if (!record) return { env: {}, files: {} };
    const version = await byId(db, datasetVersion.table, Number(record.datasetVersionId));
    return {
      env: {
        EDP_PROCESSING_RECORD_ID: String(record.id),
        EDP_DATASET_ID: String(record.datasetId ?? ''),
        EDP_DATASET_VERSION_ID: String(record.datasetVersionId),
        EDP_DATASET_VERSION: String(version?.version ?? ''),
        EDP_MEMBER_COUNT: String(record.filteredDataCount ?? ''),
        EDP_MANIFEST_FILE: 'manifest.json',
      },
      files: { 'manifest.json': await manifestString(db, Number(record.datasetVersionId), await pickedBagIds(db, record)) },
    };
  }
  if (row.trainingRecord) {
    const record = await byId(db, trainingRecord.table, Number(row.trainingRecord));
    const { rows } = await sql<{ id: number; version: string; datasetId: number }>`
      select v.id, v.version, v.dataset_id as "datasetId" from training_record_datasets l join dataset_versions v on v.id = l.dataset_version_id
      where l.training_record_id = ${row.trainingRecord} order by v.id`.execute(db);
    const versions = rows.map((version) => ({ id: Number(version.id), version: version.version, datasetId: Number(version.datasetId) }));
    return {
      env: {
        ...(await trainingDataOf(db, storage, record?.trainingDataId)),
        EDP_TRAINING_RECORD_ID: String(row.trainingRecord),
        EDP_TRAINING_RECORD_NAME: String(record?.name ?? ''),
        EDP_FOUNDATION_MODEL: String(record?.foundationModel ?? ''),
        EDP_CONFIG_FILE: 'config.json',
        EDP_DATASET_VERSIONS: JSON.stringify(versions),
      },
      files: { 'config.json': String(record?.config || '{}') },
    };
  }
  if (row.modelExport) {
    const record = await byId(db, modelExport.table, Number(row.modelExport));
    const server = record && (await byId(db, compileServer.table, Number(record.compileServerId)));
    return {
      env: {
        EDP_MODEL_EXPORT_ID: String(row.modelExport),
        EDP_EXPORT_TYPE: String(record?.exportType ?? ''),
        EDP_SOURCE_MODEL_ID: String(record?.sourceModelId ?? ''),
        EDP_TARGET_MODEL_TYPE: String(record?.targetModelType ?? ''),
        EDP_TARGET_MODEL_ID: String(record?.targetModelId ?? ''),
        EDP_COMPILE_SERVER: String(server?.name ?? ''),
        EDP_COMPILE_SERVER_IP: String(server?.ip ?? ''),
      },
      files: {},
    };
  }
  return { env: {}, files: {} };
}

/** A run's progress on the record it serves (a training record, a model export, a processing record); a plain task run has nowhere to show it. */
export async function reportProgress(records: RecordService, row: InstanceRow, percent: number): Promise<void> {
  const entity = row.trainingRecord ? trainingRecord : row.modelExport ? modelExport : row.processingRecord ? processingRecord : null;
  if (!entity) return;
  await records.update(systemActor(row.tenantId), entity, { id: Number(row.trainingRecord ?? row.modelExport ?? row.processingRecord), progress: percent });
}

const TRAINING_AFTER: Record<string, string> = { succeeded: 'succeeded', failed: 'failed', timed_out: 'failed', terminated: 'stopped' };
const PROCESSING_AFTER: Record<string, string> = { succeeded: 'success', failed: 'failed', timed_out: 'failed', terminated: 'failed' };
const EXPORT_AFTER: Record<string, string> = { succeeded: 'success', failed: 'failed', timed_out: 'failed', terminated: 'failed' };

/** A finished run settles the record it serves, if that still waits on it (a stop has already moved a training record on). */
export async function settleSubject(records: RecordService, db: Db, row: InstanceRow, status: string): Promise<void> {
  const actor = systemActor(row.tenantId);
  if (row.trainingRecord) {
    const record = await byId(db, trainingRecord.table, Number(row.trainingRecord));
    if (record?.status === 'running' && TRAINING_AFTER[status])
      await records.update(actor, trainingRecord, {
        id: Number(row.trainingRecord),
        status: TRAINING_AFTER[status],
        ...(status === 'succeeded' ? { progress: 100 } : {}),
      });
  }
  if (row.processingRecord) {
    const record = await byId(db, processingRecord.table, Number(row.processingRecord));
    if (record?.status === 'processing' && Number(record.instanceId) === Number(row.id) && PROCESSING_AFTER[status])
      await records.update(actor, processingRecord, {
        id: Number(row.processingRecord),
        status: PROCESSING_AFTER[status],
        startedTime: row.startTime,
        finishedTime: row.endTime,
        duration: (row as InstanceRow & { duration?: number | null }).duration ?? null,
        ...(status === 'succeeded' ? { progress: 100 } : {}),
      });
  }
  if (row.modelExport) {
    const record = await byId(db, modelExport.table, Number(row.modelExport));
    if (record?.status === 'processing' && EXPORT_AFTER[status])
      await records.update(actor, modelExport, {
        id: Number(row.modelExport),
        status: EXPORT_AFTER[status],
        ...(status === 'succeeded' ? { progress: 100 } : {}),
      });
  }
}

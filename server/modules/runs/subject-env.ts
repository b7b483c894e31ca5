import { sql } from 'kysely';
import { artifact as artifact_ } from '../../../model/schemas/artifact';
import { compileServer } from '../../../model/schemas/compile-server';
import { ctRecord } from '../../../model/schemas/ct-record';
import { datasetVersion } from '../../../model/schemas/dataset-version';
import { evaluationRecord } from '../../../model/schemas/evaluation-record';
import { modelExport } from '../../../model/schemas/model-export';
import { processingRecord } from '../../../model/schemas/processing-record';
import { trainingData } from '../../../model/schemas/training-data';
import { trainingRecord } from '../../../model/schemas/training-record';
import { loose } from '../../engine/queries';
import type { Db } from '../../db/tables';
import type { ObjectStore } from '../../storage/object-store';
import { manifestString } from '../datasets/manifest';
import { evaluationItems, itemsFileOf } from '../evaluation/items';
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

export const byId = async (db: Db, table: string, id: number) =>
  (await loose(db).selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst()) as Record<string, unknown> | undefined;

/**
 * What a training run or a model export adds to its task's run: a training record's config as
 * config.json and its dataset versions; an export's models and compile server, as variables.
 */
export async function subjectOf(
  db: Db,
  row: Partial<Pick<InstanceRow, 'trainingRecord' | 'modelExport' | 'processingRecord' | 'ctRecord' | 'evaluationRecord'>>,
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
  if (row.ctRecord) {
    const record = await byId(db, ctRecord.table, Number(row.ctRecord));
    const artifact = record && (await byId(db, artifact_.table, Number(record.artifactId)));
    const server = record && (await byId(db, compileServer.table, Number(record.serverId)));
    return {
      env: {
        EDP_CT_RECORD_ID: String(row.ctRecord),
        EDP_CT_TYPE: String(record?.type ?? ''),
        EDP_CT_MODULE: String(record?.module ?? ''),
        EDP_CT_BATCH: String(record?.batch ?? ''),
        EDP_ARTIFACT_ID: String(record?.artifactId ?? ''),
        EDP_ARTIFACT_VERSION: String(artifact?.version ?? ''),
        EDP_ARTIFACT_TYPE: String(artifact?.type ?? ''),
        EDP_ARTIFACT_ARCH: String(artifact?.arch ?? ''),
        EDP_COMPILE_SERVER: String(server?.name ?? ''),
        EDP_COMPILE_SERVER_IP: String(server?.ip ?? ''),
      },
      files: {},
    };
  }
  if (row.evaluationRecord) {
    const record = await byId(db, evaluationRecord.table, Number(row.evaluationRecord));
    const items = record ? await evaluationItems(db, record) : [];
    return {
      env: {
        EDP_EVALUATION_RECORD_ID: String(row.evaluationRecord),
        EDP_MODEL_CARD_ID: String(record?.modelCardId ?? ''),
        EDP_STRUCTURED_DATASET_ID: String(record?.structuredDatasetId ?? ''),
        EDP_STRUCTURED_DATASET_VERSION_ID: String(record?.structuredDatasetVersionId ?? ''),
        EDP_DATA_FILTER: String(record?.dataFilter || '{}'),
        EDP_FILTERED_DATA_COUNT: String(record?.filteredDataCount ?? ''),
        EDP_ITEMS_FILE: 'items.json',
        EDP_ITEM_COUNT: String(items.length),
      },
      // The items its filter picked (of the version, when it names one), with their bags, robots and files; it reports each by id.
      files: { 'items.json': itemsFileOf(items) },
    };
  }
  return { env: {}, files: {} };
}

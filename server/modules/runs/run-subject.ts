import type { Readable } from 'node:stream';
import { ctRecord } from '../../../model/schemas/ct-record';
import type { AnyEntity } from '../../../model/schemas/engine/types';
import { evaluationRecord } from '../../../model/schemas/evaluation-record';
import { modelExport } from '../../../model/schemas/model-export';
import { processingRecord } from '../../../model/schemas/processing-record';
import { trainingRecord } from '../../../model/schemas/training-record';
import type { AppContext } from '../../context';
import type { Db } from '../../db/tables';
import { systemActor } from '../../engine/actor';
import type { Values } from '../../engine/hooks';
import type { RecordService } from '../../engine/record-service';
import { storeOutput } from '../datasets/processing-output';
import type { InstanceRow } from './instance-state';
import { resultFigures } from '../evaluation/results-store';
import { runFilesOf, storeRunFile } from './run-files';
import { byId } from './subject-env';

/** A file the run produced: a processing run's is listed on its record, any other's kept for what its success makes. */
export async function keepRunFile(
  context: Pick<AppContext, 'db' | 'records' | 'storage' | 'clock'>,
  row: Pick<InstanceRow, 'id' | 'tenantId' | 'processingRecord'>,
  name: string,
  body: Readable,
): Promise<{ name: string; size: number; sha256?: string }> {
  const { db, records, storage, clock } = context;
  if (row.processingRecord) return storeOutput(records, db, storage, Number(row.processingRecord), name, body);
  const { size, sha256 } = await storeRunFile(db, storage, { id: Number(row.id), tenantId: Number(row.tenantId) }, name, body, clock());
  return { name, size, sha256 };
}

/**
 * What each kind of record a run serves does with it: the status the record holds while its run
 * goes, the status each end of the run leaves it in, and whether it names its run (then only that
 * run settles it). A run serves one record at most.
 */
interface Served {
  key: 'trainingRecord' | 'processingRecord' | 'modelExport' | 'ctRecord' | 'evaluationRecord';
  entity: AnyEntity;
  waiting: string;
  after: Record<string, string>;
  namesItsRun?: boolean;
  /** Fields the end writes besides the status (a processing record's times). */
  ended?: (row: InstanceRow) => Values;
  /** What a success adds (an evaluation's figures from its metrics). */
  succeeded?: (db: Db, row: InstanceRow) => Promise<Values>;
}

const FAILED = { failed: 'failed', timed_out: 'failed', terminated: 'failed' };

const SERVED: Served[] = [
  // A stop has already moved a training record on: a terminated run leaves it stopped.
  { key: 'trainingRecord', entity: trainingRecord, waiting: 'running', after: { succeeded: 'succeeded', ...FAILED, terminated: 'stopped' } },
  {
    key: 'processingRecord',
    entity: processingRecord,
    waiting: 'processing',
    after: { succeeded: 'success', ...FAILED },
    namesItsRun: true,
    ended: (row) => ({ startedTime: row.startTime, finishedTime: row.endTime, duration: (row as InstanceRow & { duration?: number | null }).duration ?? null }),
  },
  // An export is done when its run produced the artifact: a run that stored no file did not export.
  {
    key: 'modelExport',
    entity: modelExport,
    waiting: 'processing',
    after: { succeeded: 'success', ...FAILED },
    succeeded: async (db, row) => ((await runFilesOf(db, Number(row.id))).length ? {} : { status: 'failed' }),
  },
  { key: 'ctRecord', entity: ctRecord, waiting: 'processing', after: { succeeded: 'success', ...FAILED } },
  { key: 'evaluationRecord', entity: evaluationRecord, waiting: 'running', after: { succeeded: 'success', ...FAILED }, succeeded: evaluationFigures },
];

const servedBy = (row: InstanceRow) => SERVED.find((served) => row[served.key]);

/** An evaluation's figures, from the results its run reported: the share of items that succeeded and their mean progress, in percent. */
async function evaluationFigures(db: Db, row: InstanceRow): Promise<Values> {
  return (await resultFigures(db, Number(row.evaluationRecord))) ?? {};
}

/** A run's progress on the record it serves; a plain task run has nowhere to show it. */
export async function reportProgress(records: RecordService, row: InstanceRow, percent: number): Promise<void> {
  const served = servedBy(row);
  if (served && 'progress' in served.entity.fields)
    await records.update(systemActor(row.tenantId), served.entity, { id: Number(row[served.key]), progress: percent });
}

/** A finished run settles the record it serves, if that still waits on it (and on this run, for a record that names its run). */
export async function settleSubject(records: RecordService, db: Db, row: InstanceRow, status: string): Promise<void> {
  const served = servedBy(row);
  if (!served) return;
  const id = Number(row[served.key]);
  const record = await byId(db, served.entity.table, id);
  const next = served.after[status];
  if (record?.status !== served.waiting || !next || (served.namesItsRun && Number(record.instanceId) !== Number(row.id))) return;
  const success = status === 'succeeded';
  await records.update(systemActor(row.tenantId), served.entity, {
    id,
    status: next,
    ...(served.ended?.(row) ?? {}),
    ...(success && 'progress' in served.entity.fields ? { progress: 100 } : {}),
    ...(success && served.succeeded ? await served.succeeded(db, row) : {}),
  });
}

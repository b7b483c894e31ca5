import { instance } from '../../../model/schemas/instance';
import { SYSTEM_ACTOR, systemActor } from '../../engine/actor';
import type { RecordService } from '../../engine/record-service';
import { loose } from '../../engine/queries';
import type { Db } from '../../db/tables';

/** An instance row as the runs module reads it. */
export interface InstanceRow {
  id: number;
  tenantId: number;
  task: number;
  taskName: string;
  status: string;
  startTime: Date | null;
  endTime: Date | null;
  timeout: number;
  k8sJobName: string;
  memory: number | null;
  gpuCards: number | null;
  runner: string;
  history: string;
  trainingRecord: number | null;
  processingRecord: number | null;
  modelExport: number | null;
  ctRecord: number | null;
  evaluationRecord: number | null;
  queue: string;
  triggerPerson: string;
}

export interface HistoryEntry {
  status: string;
  time: string;
  by: string;
}

/** The history with one more entry (kept as JSON text on the instance). */
export function withHistory(history: string | null | undefined, entry: HistoryEntry): string {
  let entries: HistoryEntry[] = [];
  try {
    entries = JSON.parse(history || '[]') as HistoryEntry[];
  } catch {
    // a history written by hand (the demo's older rows): start afresh
  }
  return JSON.stringify([...entries, entry]);
}

export async function readInstance(db: Db, id: number, lock = false): Promise<InstanceRow | undefined> {
  const query = loose(db).selectFrom(instance.table).selectAll().where('id', '=', id);
  const row = (await (lock ? query.forUpdate() : query).executeTakeFirst()) as InstanceRow | undefined;
  return row && { ...row, id: Number(row.id), tenantId: Number(row.tenantId), task: Number(row.task) };
}

/**
 * Moves an instance on, if it is still in one of `from` (another process, a terminate, may have
 * moved it meanwhile: then nothing is written and null comes back) and the guard, asked within
 * the same transaction, lets it ('refused' when not). The history gains the step.
 */
export async function moveInstance(
  records: RecordService,
  id: number,
  from: readonly string[],
  to: string,
  changes: Record<string, unknown>,
  now: Date,
  { by = SYSTEM_ACTOR, guard }: { by?: string; guard?: (trx: Db, row: InstanceRow) => Promise<boolean> } = {},
): Promise<InstanceRow | null | 'refused'> {
  return records.transaction(async (service, trx) => {
    const row = await readInstance(trx, id, true);
    if (!row || !from.includes(row.status)) return null;
    if (guard && !(await guard(trx, row))) return 'refused';
    const history = withHistory(row.history, { status: to, time: now.toISOString(), by });
    await service.update(systemActor(row.tenantId), instance, { id, status: to, history, ...changes });
    return { ...row, status: to, history, ...changes } as InstanceRow;
  });
}

/** The end of a run: its time, and how long it ran (from its start, or nothing if it never started). */
export const ending = (row: Pick<InstanceRow, 'startTime'>, now: Date) => ({
  endTime: now,
  duration: row.startTime ? Math.max(0, Math.round((now.getTime() - new Date(row.startTime).getTime()) / 1000)) : null,
});

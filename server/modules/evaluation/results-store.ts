import { sql } from 'kysely';
import type { EvaluationResult } from '../../../model/schemas/evaluation-results';
import type { Db } from '../../db/tables';
import { ApiError } from '../../http/api-error';
import { evaluationItems } from './items';

/**
 * Keeps what a run reports of its record's items, each replacing an earlier report of the same item;
 * an id that is not one of the record's items is refused (400) with nothing kept.
 */
export async function storeResults(db: Db, record: Record<string, unknown>, results: EvaluationResult[], now: Date): Promise<number> {
  const items = new Map((await evaluationItems(db, record)).map((item) => [item.id, item]));
  const stranger = results.find((result) => !items.has(result.itemId));
  if (stranger) throw new ApiError(400, 'evaluationRecord:errors.notAnItem', { itemId: stranger.itemId }, { field: 'results' });
  const latest = new Map(results.map((result) => [result.itemId, result]));
  const rows = [...latest.values()].map((result) => ({ ...result, item: items.get(result.itemId)! }));
  await sql`
    insert into evaluation_results (tenant_id, evaluation_record_id, item_id, model_card_id, structured_dataset_id, robot_sn, left_arm_sn, right_arm_sn,
      success, progress, duration_ms, failure_mode, time)
    select ${record.tenantId}, ${record.id}, item_id, ${record.modelCardId}, ${record.structuredDatasetId}, robot_sn, left_arm_sn, right_arm_sn,
      success, progress, duration_ms, failure_mode, ${now.toISOString()}::timestamptz
    from unnest(${rows.map((row) => row.itemId)}::bigint[], ${rows.map((row) => row.item.robotSn)}::text[], ${rows.map((row) => row.item.leftArmSn)}::text[],
      ${rows.map((row) => row.item.rightArmSn)}::text[], ${rows.map((row) => row.success)}::boolean[], ${rows.map((row) => row.progress)}::float8[],
      ${rows.map((row) => row.durationMs)}::bigint[], ${rows.map((row) => (row.success ? null : (row.failureMode ?? null)))}::text[])
      as given(item_id, robot_sn, left_arm_sn, right_arm_sn, success, progress, duration_ms, failure_mode)
    on conflict (evaluation_record_id, item_id) do update set success = excluded.success, progress = excluded.progress,
      duration_ms = excluded.duration_ms, failure_mode = excluded.failure_mode, time = excluded.time`.execute(db);
  return rows.length;
}

/** A record's figures from its results: success rate and mean progress, in percent; null without results. */
export async function resultFigures(db: Db, recordId: number): Promise<{ successRate: number; score: number } | null> {
  const { rows } = await sql<{ trials: number; successes: number; progress: number | null }>`
    select count(*) as trials, count(*) filter (where success) as successes, avg(progress) as progress
    from evaluation_results where evaluation_record_id = ${recordId}`.execute(db);
  const figures = rows[0];
  if (!figures || !Number(figures.trials)) return null;
  const percent = (value: number) => Math.round(value * 10_000) / 100;
  return { successRate: percent(Number(figures.successes) / Number(figures.trials)), score: percent(Number(figures.progress ?? 0)) };
}

/** Forgets the results of records started again, deleted, or of a deleted space. */
export async function deleteResults(db: Db, of: 'evaluation_record_id' | 'tenant_id', ids: number[]): Promise<void> {
  if (ids.length) await sql`delete from evaluation_results where ${sql.ref(of)} = any(${ids}::bigint[])`.execute(db);
}

import { sql } from 'kysely';
import type { OverviewRow } from '../../../model/schemas/evaluation-results';
import type { Db } from '../../db/tables';
import { rateDifference } from './differences';
import { wilson } from './wilson';

type Group = Omit<OverviewRow, 'rate' | 'low' | 'high' | 'tooFew' | 'failureModes' | 'baseline'>;

const robotKey = (row: { structuredDatasetId: number; robotSn: string; leftArmSn: string; rightArmSn: string }) =>
  `${row.structuredDatasetId}|${row.robotSn}|${row.leftArmSn}|${row.rightArmSn}`;

/**
 * The space's evaluations as the overview reads them: for each model and structured dataset its
 * newest successful evaluation, per robot (with its arms): trials, success rate with its Wilson
 * interval, mean progress and how it failed; against the pinned baseline model on the same dataset
 * and robot, the difference of rates with its interval. One grouped read of the results.
 */
export async function evaluationOverview(
  db: Db,
  tenantId: number,
  filter: { structuredDatasetId?: number; baselineModelCardId?: number },
): Promise<OverviewRow[]> {
  const dataset = filter.structuredDatasetId ? sql`and structured_dataset_id = ${filter.structuredDatasetId}` : sql``;
  const { rows } = await sql<Group>`
    with latest as (
      select distinct on (model_card_id, structured_dataset_id) id
      from evaluation_records where tenant_id = ${tenantId} and status = 'success' ${dataset}
      order by model_card_id, structured_dataset_id, id desc
    )
    select r.evaluation_record_id as "evaluationRecordId", r.model_card_id as "modelCardId", m.name as "modelName", m.version as "modelVersion",
      r.structured_dataset_id as "structuredDatasetId", d.name as "structuredDatasetName", r.robot_sn as "robotSn",
      r.left_arm_sn as "leftArmSn", r.right_arm_sn as "rightArmSn", count(*)::int as trials,
      (count(*) filter (where r.success))::int as successes, avg(r.progress) as "meanProgress"
    from evaluation_results r join latest l on l.id = r.evaluation_record_id
      join model_cards m on m.id = r.model_card_id join structured_datasets d on d.id = r.structured_dataset_id
    group by r.evaluation_record_id, r.model_card_id, m.name, m.version, r.structured_dataset_id, d.name, r.robot_sn, r.left_arm_sn, r.right_arm_sn
    order by d.name, m.name, m.version, r.robot_sn, r.left_arm_sn, r.right_arm_sn`.execute(db);
  const { rows: modes } = await sql<{ evaluationRecordId: number; robotSn: string; leftArmSn: string; rightArmSn: string; mode: string; count: number }>`
    select evaluation_record_id as "evaluationRecordId", robot_sn as "robotSn", left_arm_sn as "leftArmSn", right_arm_sn as "rightArmSn",
      failure_mode as mode, count(*)::int as count
    from evaluation_results where tenant_id = ${tenantId} and failure_mode is not null ${dataset}
    group by evaluation_record_id, robot_sn, left_arm_sn, right_arm_sn, failure_mode`.execute(db);
  const modesOf = new Map<string, Record<string, number>>();
  for (const mode of modes) {
    const key = `${mode.evaluationRecordId}|${mode.robotSn}|${mode.leftArmSn}|${mode.rightArmSn}`;
    modesOf.set(key, { ...modesOf.get(key), [mode.mode]: Number(mode.count) });
  }
  const groups = rows.map((row) => ({
    ...row,
    evaluationRecordId: Number(row.evaluationRecordId),
    modelCardId: Number(row.modelCardId),
    structuredDatasetId: Number(row.structuredDatasetId),
    modelVersion: row.modelVersion === null ? null : Number(row.modelVersion),
    meanProgress: Number(row.meanProgress),
  }));
  const baselines = new Map(groups.filter((row) => row.modelCardId === filter.baselineModelCardId).map((row) => [robotKey(row), row]));
  return groups.map((row) => {
    const interval = wilson(row.successes, row.trials)!;
    const baseline = baselines.get(robotKey(row));
    return {
      ...row,
      rate: interval.rate,
      low: interval.low,
      high: interval.high,
      tooFew: interval.tooFew,
      failureModes: modesOf.get(`${row.evaluationRecordId}|${row.robotSn}|${row.leftArmSn}|${row.rightArmSn}`) ?? {},
      baseline: baseline && baseline !== row ? rateDifference(row, baseline) : null,
    };
  });
}

/** Two evaluation records compared on the items both tried. */
export async function pairwise(db: Db, first: number, second: number) {
  const { rows } = await sql<{ items: number; both: number; onlyFirst: number; onlySecond: number }>`
    select count(*)::int as items, (count(*) filter (where a.success and b.success))::int as both,
      (count(*) filter (where a.success and not b.success))::int as "onlyFirst", (count(*) filter (where b.success and not a.success))::int as "onlySecond"
    from evaluation_results a join evaluation_results b on b.item_id = a.item_id and b.evaluation_record_id = ${second}
    where a.evaluation_record_id = ${first}`.execute(db);
  return rows[0]!;
}

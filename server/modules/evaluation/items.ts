import { sql } from 'kysely';
import type { Db } from '../../db/tables';

/** An item an evaluation tries: a structured data record of its dataset, with the bag and robot it came from. */
export interface EvaluationItem {
  id: number;
  bagId: number;
  robotSn: string;
  leftArmSn: string;
  rightArmSn: string;
  files: string;
}

/**
 * The items an evaluation record filters from its structured dataset (spec §5: 1 to 2000): the first
 * `filteredDataCount` of the dataset in the order they joined it, so a rerun tries the same items and
 * two models evaluated with the same count meet on the same items.
 */
export async function evaluationItems(db: Db, record: Record<string, unknown>): Promise<EvaluationItem[]> {
  const { rows } = await sql<EvaluationItem>`
    select id, bag_id as "bagId", robot_sn as "robotSn", coalesce(left_arm_sn, '') as "leftArmSn",
      coalesce(right_arm_sn, '') as "rightArmSn", coalesce(files, '[]') as files
    from structured_data
    where tenant_id = ${record.tenantId} and structured_dataset_id = ${record.structuredDatasetId}
    order by id limit ${Number(record.filteredDataCount)}`.execute(db);
  return rows.map((row) => ({ ...row, id: Number(row.id), bagId: Number(row.bagId) }));
}

/** What the run is handed as items.json: each item's id, bag and robot, and its files' names and checksums. */
export const itemsFileOf = (items: EvaluationItem[]) =>
  JSON.stringify(
    items.map(({ files, ...item }) => ({
      ...item,
      files: (JSON.parse(files || '[]') as { name: string; size: number; sha256: string }[]).map(({ name, size, sha256 }) => ({ name, size, sha256 })),
    })),
  );

import { sql } from 'kysely';
import { isoText } from '../../db/iso-text';
import type { Db } from '../../db/tables';

/**
 * The items an evaluation's run reported, with their bags' names and time ranges and their files' names (as its version froze them,
 * when it names one); on one robot (and arms) when named.
 */
export async function itemResults(db: Db, recordId: number, robot: { robotSn?: string; leftArmSn?: string; rightArmSn?: string }) {
  const on = (column: string, value: string | undefined) => (value === undefined ? sql`` : sql`and r.${sql.ref(column)} = ${value}`);
  const { rows } = await sql<{
    itemId: number;
    bagId: number;
    bagName: string | null;
    bagStartTime: Date | null;
    bagEndTime: Date | null;
    success: boolean;
    progress: number;
    durationMs: number;
    failureMode: string | null;
    files: string | null;
  }>`
    select r.item_id as "itemId", coalesce(m.bag_id, s.bag_id) as "bagId", b.bag_name as "bagName", b.bag_start_time as "bagStartTime",
      b.bag_end_time as "bagEndTime", r.success, r.progress, r.duration_ms as "durationMs", r.failure_mode as "failureMode", coalesce(m.files, s.files) as files
    from evaluation_results r join evaluation_records e on e.id = r.evaluation_record_id
      left join structured_version_members m on m.version_id = e.structured_dataset_version_id and m.structured_data_id = r.item_id
      left join structured_data s on s.id = r.item_id and m.id is null
      left join bags b on b.id = coalesce(m.bag_id, s.bag_id)
    where r.evaluation_record_id = ${recordId} and (m.id is not null or s.id is not null)
      ${on('robot_sn', robot.robotSn)} ${on('left_arm_sn', robot.leftArmSn)} ${on('right_arm_sn', robot.rightArmSn)}
    order by r.item_id`.execute(db);
  return rows.map((row) => ({
    ...row,
    itemId: Number(row.itemId),
    bagId: Number(row.bagId),
    bagName: row.bagName ?? '',
    bagStartTime: isoText(row.bagStartTime),
    bagEndTime: isoText(row.bagEndTime),
    durationMs: Number(row.durationMs),
    files: (JSON.parse(row.files || '[]') as { name: string }[]).map((file) => file.name),
  }));
}

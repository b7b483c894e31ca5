import { sql } from 'kysely';
import { isoText } from '../../db/iso-text';
import type { Db } from '../../db/tables';

/** The items an evaluation's run reported, with their bags' names and time ranges and their files' names; on one robot (and arms) when named. */
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
    select r.item_id as "itemId", s.bag_id as "bagId", b.bag_name as "bagName", b.bag_start_time as "bagStartTime", b.bag_end_time as "bagEndTime",
      r.success, r.progress, r.duration_ms as "durationMs", r.failure_mode as "failureMode", s.files
    from evaluation_results r join structured_data s on s.id = r.item_id left join bags b on b.id = s.bag_id
    where r.evaluation_record_id = ${recordId} ${on('robot_sn', robot.robotSn)} ${on('left_arm_sn', robot.leftArmSn)} ${on('right_arm_sn', robot.rightArmSn)}
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

import { sql } from 'kysely';
import { bag } from '../../../model/schemas/bag';
import { systemActor } from '../../engine/actor';
import type { HookContext } from '../../engine/hooks';

/**
 * An accepted label job's verdicts reach its bags: the quality the annotator gave (unless left
 * unchecked) with its failure reason, and the labels of its annotations added to the bag's own. Each
 * bag is written through the record service, so audited, and the next published version carries it.
 */
export async function writeBack(context: HookContext, jobId: number): Promise<void> {
  const { rows } = await sql<{ bagId: string; tenantId: string; qualityLabel: string; qualitySubLabel: string; labels: string[]; current: string[] }>`
    select i.bag_id as "bagId", i.tenant_id as "tenantId", i.quality_label as "qualityLabel", i.quality_sub_label as "qualitySubLabel",
      coalesce(array(select distinct l.name from annotations a join labels l on l.id = a.label_id where a.item_id = i.id order by l.name), '{}') as labels,
      coalesce(b.label_list, '{}') as current
    from ticket_items i join bags b on b.id = i.bag_id
    where i.job_id = ${jobId}
    order by i.bag_id`.execute(context.db);
  for (const row of rows) {
    const labelList = [...new Set([...row.current, ...row.labels])];
    const verdict =
      row.qualityLabel === 'unchecked'
        ? {}
        : { qualityLabel: row.qualityLabel, qualitySubLabel: row.qualityLabel === 'unqualified' ? row.qualitySubLabel : '' };
    if (!('qualityLabel' in verdict) && labelList.length === row.current.length) continue;
    await context.records.update(systemActor(Number(row.tenantId)), bag, { id: Number(row.bagId), ...verdict, labelList });
  }
}

import { sql } from 'kysely';
import type { Db } from '../../db/tables';

export type DiffKind = 'added' | 'removed' | 'changed';

/** The member columns a change is seen in (the file, the clip, the labels). */
const COMPARED = ['bag_digest', 'clip_start', 'clip_end', 'quality_label', 'quality_sub_label', 'label_list'] as const;
const side = (alias: string) => sql.join(COMPARED.map((column) => sql.ref(`${alias}.${column}`)));

/**
 * How version `to` differs from version `from`, by bag: added (only in `to`), removed (only in `from`),
 * changed (in both, relabelled or clipped otherwise). The counts of each kind, and one page of one kind
 * (or of all) with both sides, in one statement over the frozen member rows.
 */
export async function versionDiff(db: Db, from: number, to: number, page: { kind?: DiffKind; pageNum: number; pageSize: number }) {
  const { rows } = await sql<{ counts: Record<DiffKind, string> | null; rows: unknown[] | null }>`
    with f as (select * from version_members where version_id = ${from}),
    t as (select * from version_members where version_id = ${to}),
    d as (
      select coalesce(t.bag_id, f.bag_id) as bag_id, coalesce(t.bag_name, f.bag_name) as bag_name,
        case when f.id is null then 'added' when t.id is null then 'removed' else 'changed' end as kind,
        case when f.id is null then null else json_build_object('qualityLabel', f.quality_label, 'qualitySubLabel', f.quality_sub_label,
          'labelList', f.label_list, 'clipStart', f.clip_start, 'clipEnd', f.clip_end, 'bagDigest', f.bag_digest) end as before,
        case when t.id is null then null else json_build_object('qualityLabel', t.quality_label, 'qualitySubLabel', t.quality_sub_label,
          'labelList', t.label_list, 'clipStart', t.clip_start, 'clipEnd', t.clip_end, 'bagDigest', t.bag_digest) end as after
      from f full join t on f.bag_id = t.bag_id
      where f.id is null or t.id is null or (${side('f')}) is distinct from (${side('t')})
    )
    select (select json_object_agg(kind, n) from (select kind, count(*) as n from d group by kind) c) as counts,
      (select json_agg(p) from (select bag_id as "bagId", bag_name as "bagName", kind, before, after from d
        ${page.kind ? sql`where kind = ${page.kind}` : sql``}
        order by bag_name collate "C", bag_id limit ${page.pageSize} offset ${(page.pageNum - 1) * page.pageSize}) p) as rows`.execute(db);
  const counts = rows[0]?.counts ?? {};
  const count = (kind: DiffKind) => Number((counts as Record<string, string>)[kind] ?? 0);
  const totals = { added: count('added'), removed: count('removed'), changed: count('changed') };
  return { ...totals, total: page.kind ? totals[page.kind] : totals.added + totals.removed + totals.changed, records: rows[0]?.rows ?? [] };
}

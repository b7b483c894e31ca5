import { sql } from 'kysely';
import type { Db } from '../../db/tables';

/** What of a member the content hash covers: its file, its clip and its quality labels. */
export interface HashedMember {
  bagDigest: string | null;
  clipStart: number | null;
  clipEnd: number | null;
  qualityLabel: string | null;
  qualitySubLabel: string | null;
  labelList: readonly string[] | null;
}

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A member's line: MD5, clip start, clip end, quality, sub label and the labels (sorted, comma-joined),
 * tab-separated, empty where absent. The version's hash is SHA-256 over its members' lines sorted by
 * code point and joined by newlines; two versions with the same content have the same hash, whatever
 * their names, the order members joined, or the database that computed it.
 */
export const memberLine = (member: HashedMember) =>
  [
    member.bagDigest ?? '',
    member.clipStart ?? '',
    member.clipEnd ?? '',
    member.qualityLabel ?? '',
    member.qualitySubLabel ?? '',
    [...(member.labelList ?? [])].sort(byCodePoint).join(','),
  ].join('\t');

export const contentLines = (members: readonly HashedMember[]) => members.map(memberLine).sort(byCodePoint).join('\n');

/**
 * The same in the database, over a version's member rows: ordered by the "C" collation (code points,
 * whatever the database's own collation), so it equals contentLines' SHA-256 everywhere.
 */
export async function versionHash(db: Db, versionId: number): Promise<string> {
  const { rows } = await sql<{ hash: string }>`
    select encode(sha256(convert_to(coalesce(string_agg(line, E'\n' order by line collate "C"), ''), 'UTF8')), 'hex') as hash
    from (
      select concat_ws(E'\t', coalesce(bag_digest, ''), coalesce(clip_start::text, ''), coalesce(clip_end::text, ''),
        coalesce(quality_label, ''), coalesce(quality_sub_label, ''),
        array_to_string(array(select label from unnest(label_list) as label order by label collate "C"), ',')) as line
      from version_members where version_id = ${versionId}
    ) lines`.execute(db);
  return rows[0]!.hash;
}

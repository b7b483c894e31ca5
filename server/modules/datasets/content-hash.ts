import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/tables';

/**
 * A content hash over lines a query gives (a column `line` each): the lines sorted by code point (the
 * "C" collation, whatever the database's own) and joined by newlines, then SHA-256 in hex. The same
 * lines give the same hash whatever order they were written in, or the database they live in.
 */
export async function linesHash(db: Db, lines: RawBuilder<unknown>): Promise<string> {
  const { rows } = await sql<{ hash: string }>`
    select encode(sha256(convert_to(coalesce(string_agg(line, E'\n' order by line collate "C"), ''), 'UTF8')), 'hex') as hash
    from (${lines}) lines`.execute(db);
  return rows[0]!.hash;
}

/**
 * A version's content hash, over its member rows: each member's line is its MD5, clip start, clip end,
 * quality, sub label and the labels sorted, comma-joined; tab-separated, empty where absent. Two
 * versions with the same content have the same hash, whatever their names or the order members
 * joined. (Read back in JavaScript, the rows cost a publish more than this sort does in PGlite. Labels
 * are sorted only where there are two or more: the sort is a subquery per row.)
 */
export const versionHash = (db: Db, versionId: number): Promise<string> =>
  linesHash(
    db,
    sql`select concat_ws(E'\t', coalesce(bag_digest, ''), coalesce(clip_start::text, ''), coalesce(clip_end::text, ''),
        coalesce(quality_label, ''), coalesce(quality_sub_label, ''),
        case when cardinality(label_list) > 1
          then array_to_string(array(select label from unnest(label_list) as label order by label collate "C"), ',')
          else array_to_string(label_list, ',') end) as line
      from version_members where version_id = ${versionId}`,
  );

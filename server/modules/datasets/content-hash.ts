import { createHash } from 'node:crypto';
import { versionMember } from '../../../model/schemas/version-member';
import type { Db } from '../../db/tables';
import { loose } from '../../engine/queries';

/** What of a member the content hash covers: its file, its clip and its quality labels. */
interface HashedMember {
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
 * their names, the order members joined, or the database they live in.
 */
const memberLine = (member: HashedMember) =>
  [
    member.bagDigest ?? '',
    member.clipStart ?? '',
    member.clipEnd ?? '',
    member.qualityLabel ?? '',
    member.qualitySubLabel ?? '',
    [...(member.labelList ?? [])].sort(byCodePoint).join(','),
  ].join('\t');

const BATCH = 20_000;

/**
 * A version's hash, over its frozen member rows read a batch at a time in id order and sorted here:
 * sorting 100,000 lines by code point in the database (WASM PostgreSQL) costs several times what it
 * costs in V8, and computing it in one place keeps it the same on every database.
 */
export async function versionHash(db: Db, versionId: number): Promise<string> {
  const lines: string[] = [];
  for (let after = 0; ;) {
    const rows = (await loose(db)
      .selectFrom(versionMember.table)
      .select(['id', 'bagDigest', 'clipStart', 'clipEnd', 'qualityLabel', 'qualitySubLabel', 'labelList'])
      .where('versionId', '=', versionId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute()) as (HashedMember & { id: number })[];
    if (rows.length === 0) break;
    for (const row of rows) lines.push(memberLine(row));
    after = Number(rows.at(-1)!.id);
  }
  return createHash('sha256').update(lines.sort(byCodePoint).join('\n')).digest('hex');
}

import { bag } from '../../../model/schemas/bag';
import type { Db } from '../../db/tables';
import { loose } from '../../engine/queries';

/**
 * The space's bag of this MD5, if it holds the file already. Uploads write it in lower case and a
 * person may type either; asking for both spellings (rather than lower() of the column) reads the
 * (space, digest) index instead of every bag of the space.
 */
export const bagWithDigest = async (db: Db, tenantId: number, md5: string) =>
  (await loose(db)
    .selectFrom(bag.table)
    .select(['id', 'bagName'])
    .where('tenantId', '=', tenantId)
    .where('bagDigest', 'in', [md5.toLowerCase(), md5.toUpperCase()])
    .executeTakeFirst()) as { id: number; bagName: string } | undefined;

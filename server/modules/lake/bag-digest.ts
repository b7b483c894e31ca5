import { sql } from 'kysely';
import { bag } from '../../../model/schemas/bag';
import type { Db } from '../../db/tables';
import { loose } from '../../engine/queries';

/** The space's bag of this MD5 (hex, any case), if it holds the file already. */
export const bagWithDigest = async (db: Db, tenantId: number, md5: string) =>
  (await loose(db)
    .selectFrom(bag.table)
    .select(['id', 'bagName'])
    .where('tenantId', '=', tenantId)
    .where(sql`lower(bag_digest)`, '=', md5.toLowerCase())
    .executeTakeFirst()) as { id: number; bagName: string } | undefined;

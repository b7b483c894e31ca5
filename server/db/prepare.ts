import { entities } from '../../model/schemas/index';
import { syncEntityTables } from '../engine/ddl';
import { migrateToLatest } from './migrate';
import type { Db } from './tables';

/** At every start: the written migrations, then the tables the entity declarations ask for. */
export async function prepareDatabase(db: Db): Promise<void> {
  await migrateToLatest(db);
  await syncEntityTables(db, entities);
}

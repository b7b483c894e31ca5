import type { Migration } from 'kysely';
import * as accounts from './0001-accounts';

/** Every migration, in order. Names are stable: they are recorded in the database. */
export const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
};

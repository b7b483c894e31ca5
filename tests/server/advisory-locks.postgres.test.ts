import { describe, expect, it } from 'vitest';
import { lockUntilCommit, tryLockUntilCommit } from '../../server/db/advisory-locks';
import type { Db } from '../../server/db/tables';
import { freshDatabase } from './helpers/test-app';

/**
 * Advisory locks belong to the whole PostgreSQL database. Deployments, and this suite's files, that
 * share one database in schemas of their own must not hold each other's: an alarm engine that found
 * its lock taken by another schema's skipped its own look.
 */
const tryIn = (db: Db, lock: Parameters<typeof tryLockUntilCommit>[1]) => db.transaction().execute((trx) => tryLockUntilCommit(trx, lock));

describe('advisory locks', () => {
  it("are the schema's own: a second connection of the schema waits, another schema's does not", async () => {
    const mine = await freshDatabase();
    const theirs = await freshDatabase();
    try {
      await mine.database.db.transaction().execute(async (trx) => {
        expect(await tryLockUntilCommit(trx, 'alarmEvaluation')).toBe(true);
        expect(await tryIn(mine.database.db, 'alarmEvaluation')).toBe(false);
        expect(await tryIn(theirs.database.db, 'alarmEvaluation')).toBe(true);
        expect(await tryIn(mine.database.db, 'seed')).toBe(true);
      });
      expect(await tryIn(mine.database.db, 'alarmEvaluation')).toBe(true);
    } finally {
      await mine.database.close();
      await theirs.database.close();
      await mine.drop();
      await theirs.drop();
    }
  });

  it('but for installing an extension, which every schema shares', async () => {
    const mine = await freshDatabase();
    const theirs = await freshDatabase();
    try {
      await mine.database.db.transaction().execute(async (trx) => {
        await lockUntilCommit(trx, 'trigramExtension');
        expect(await tryIn(theirs.database.db, 'trigramExtension')).toBe(false);
      });
      expect(await tryIn(theirs.database.db, 'trigramExtension')).toBe(true);
    } finally {
      await mine.database.close();
      await theirs.database.close();
      await mine.drop();
      await theirs.drop();
    }
  });
});

import type { AnyEntity } from '../../model/schemas/engine/types';
import type { Clock } from '../clock';
import type { Db } from '../db/tables';
import type { ObjectStore } from '../storage/object-store';
import type { Actor } from './actor';
import type { HookTable, Values } from './hooks';
import { createRecords, deleteRecords, transitionRecords, updateRecord, type WriteContext, type WrittenRecord } from './record-writes';
import type { Reach } from './scope';

/**
 * The one way records are written: by the API for a person, by jobs and the demo seed for the
 * system. Every write goes through the entity's rules and its modules' hooks in one transaction;
 * effects hooks queue for after the commit run only once it has committed.
 */
export interface RecordService {
  create(actor: Actor, entity: AnyEntity, input: Values): Promise<WrittenRecord>;
  createMany(actor: Actor, entity: AnyEntity, inputs: Values[]): Promise<WrittenRecord[]>;
  update(actor: Actor, entity: AnyEntity, input: Values): Promise<WrittenRecord>;
  remove(actor: Actor, entity: AnyEntity, ids: number[]): Promise<{ deleted: number }>;
  transition(actor: Actor, entity: AnyEntity, action: string, ids: number[]): Promise<WrittenRecord[]>;
  /** Several writes in one transaction (`records` writes within it, `db` reads and writes the rest); effects after its commit. */
  transaction<T>(work: (records: RecordService, db: Db) => Promise<T>): Promise<T>;
  /** Where the records' files go (a structured data record's, the demo's): the store hooks are handed too. */
  readonly storage: ObjectStore;
}

export interface RecordServiceOptions {
  db: Db;
  reach: Reach;
  hooks: HookTable;
  clock: Clock;
  storage: ObjectStore;
  /** Where a failed after-commit effect is reported (the write itself stands). */
  onEffectError?: (error: unknown) => void;
}

type Write<A extends unknown[], R> = (write: WriteContext, ...args: A) => Promise<R>;

export function recordService(options: RecordServiceOptions): RecordService {
  return serviceOn(options, null);
}

/** A service over the database (each call its own transaction) or within a transaction (`shared` collects its effects). */
function serviceOn(options: RecordServiceOptions, shared: { db: Db; effects: WriteContext['effects'] } | null): RecordService {
  const run =
    <A extends unknown[], R>(operation: Write<A, R>) =>
    async (actor: Actor, ...args: A): Promise<R> => {
      const base = { reach: options.reach, hooks: options.hooks, storage: options.storage, actor, now: options.clock() };
      if (shared) return operation({ ...base, ...shared, records: serviceOn(options, shared) }, ...args);
      const effects: WriteContext['effects'] = [];
      const result = await options.db.transaction().execute((db) => operation({ ...base, db, effects, records: serviceOn(options, { db, effects }) }, ...args));
      await runEffects(effects, options.onEffectError);
      return result;
    };
  const createMany = run(createRecords);
  return {
    storage: options.storage,
    create: async (actor, entity, input) => (await createMany(actor, entity, [input]))[0]!,
    createMany,
    update: run(updateRecord),
    remove: run(deleteRecords),
    transition: run(transitionRecords),
    transaction: async (work) => {
      if (shared) return work(serviceOn(options, shared), shared.db);
      const effects: WriteContext['effects'] = [];
      const result = await options.db.transaction().execute((db) => work(serviceOn(options, { db, effects }), db));
      await runEffects(effects, options.onEffectError);
      return result;
    },
  };
}

/** After the commit the write stands whatever an effect does: a failing effect is reported, not thrown back at the writer. */
async function runEffects(effects: WriteContext['effects'], report = (error: unknown) => console.error('an after-commit effect failed', error)): Promise<void> {
  for (const effect of effects) {
    try {
      await effect();
    } catch (error) {
      report(error);
    }
  }
}

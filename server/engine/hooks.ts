import type { AnyEntity } from '../../model/schemas/engine/types';
import type { Db } from '../db/tables';
import type { ObjectStore } from '../storage/object-store';
import type { Actor } from './actor';
import type { RecordService } from './record-service';

export type Values = Record<string, unknown>;

export interface HookContext {
  /** The transaction the write happens in: a hook's writes stand or fall with it. */
  db: Db;
  actor: Actor;
  entity: AnyEntity;
  now: Date;
  /** Writes within the same transaction (a record a hook makes goes through the same rules, hooks and audit). */
  records: RecordService;
  /** Where files live: an effect after the commit may delete a record's object. */
  storage: ObjectStore;
  /** Runs once the write's transaction has committed, never if it rolls back (stop a process, delete an object). */
  afterCommit(effect: () => Promise<void> | void): void;
}

/** Fields a transition sets besides its state: the same for every row, or per row. */
export type TransitionChanges = Values | ((row: Values) => Values);

/**
 * What a module may do around an entity's writes. Every hook runs inside the write's transaction;
 * throwing an ApiError refuses the write (and rolls back what hooks before it did).
 */
export interface EntityHooks {
  /** May return values to write instead of (merged over) the input. */
  beforeCreate?: (context: HookContext, input: Values) => Promise<Values | void> | Values | void;
  /** After the insert; what it returns is added to the response under `extras`. */
  afterCreate?: (context: HookContext, record: Values, input: Values) => Promise<Values | void>;
  /** May return further changes to write with the caller's. */
  beforeUpdate?: (context: HookContext, current: Values, changes: Values) => Promise<Values | void> | Values | void;
  afterUpdate?: (context: HookContext, before: Values, after: Values) => Promise<void> | void;
  /** May return other fields the transition sets (an end time, a progress, a delivered flag). */
  beforeTransition?: (context: HookContext, action: string, rows: Values[]) => Promise<TransitionChanges | void> | TransitionChanges | void;
  afterTransition?: (context: HookContext, action: string, before: Values[], after: Values[]) => Promise<void> | void;
  /** Before deleting these rows; throw an ApiError to refuse. */
  beforeDelete?: (context: HookContext, rows: Values[]) => Promise<void> | void;
  afterDelete?: (context: HookContext, rows: Values[]) => Promise<void> | void;
}

/** Every kind of hook there is: the compiler holds this list to EntityHooks, the start holds each module's hooks to this list. */
const HOOK_KINDS: Record<keyof EntityHooks, true> = {
  beforeCreate: true,
  afterCreate: true,
  beforeUpdate: true,
  afterUpdate: true,
  beforeTransition: true,
  afterTransition: true,
  beforeDelete: true,
  afterDelete: true,
};

export const isHookKind = (key: string): key is keyof EntityHooks => Object.hasOwn(HOOK_KINDS, key);

/** The hooks of every module, per entity name; `*` hooks run for every entity, after the entity's own. */
export type HookTable = Record<string, EntityHooks[]>;

export const hooksFor = (table: HookTable, entity: string): EntityHooks[] => [...(table[entity] ?? []), ...(table['*'] ?? [])];

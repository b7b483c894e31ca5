import type { z } from 'zod';
import type { Permission } from '../../access/permissions';

/** How a column is stored (PostgreSQL, the same on PGlite). `none`: accepted on input, never stored. */
export type ColumnType = 'text' | 'bigint' | 'double precision' | 'numeric(14,2)' | 'boolean' | 'timestamptz' | 'text[]' | 'jsonb' | 'none';

/** How a value is shown and edited in the console. */
export type Widget =
  | 'text'
  | 'textarea'
  | 'number'
  | 'money'
  | 'bytes'
  | 'duration'
  | 'datetime'
  | 'enum'
  | 'tags'
  | 'reference'
  | 'keyValue'
  | 'json'
  | 'code'
  | 'boolean'
  | 'quota'
  | 'rating'
  /** A cron expression, previewed as it is typed (its description and next fire times). */
  | 'cron'
  /** A comma-separated list of spec §6 role codes (an account's). */
  | 'roles'
  /** A saved filter of another entity's list (JSON of its query keys), counted as it is edited. */
  | 'listFilter';

/**
 * One T for each widget: what every widget knowledge table is (its sample value, its cell, its
 * input). A table missing a widget does not compile, so a widget added above is drawn, edited and
 * sampled everywhere before anything builds.
 */
export type PerWidget<T> = Record<Widget, T>;

/** How a list filters on a field (query parameter `field`, or `field.from`/`field.to` for ranges). */
export type FilterKind = 'equals' | 'oneOf' | 'range' | 'contains' | 'tagContains';

/** A list a saved filter picks from: an entity's, within the records whose fields (keys) hold the values of the form's fields (values). */
export interface FilterSource {
  entity: string;
  within: Record<string, string>;
}

export interface EnumOption {
  value: string;
  /** i18n key. */
  label: string;
  /** antd tag colour. */
  color?: string;
}

export interface ListView {
  width?: number;
  sortable?: boolean;
  copyable?: boolean;
  ellipsis?: boolean;
}

export interface FieldDecl<Input extends z.ZodType = z.ZodType, Output extends z.ZodType = z.ZodType> {
  /** i18n key of the label. */
  label: string;
  /** Rules for input (create and update), with the §5 messages as i18n keys. */
  input: Input;
  /** The value as records carry it (responses, OpenAPI). */
  output: Output;
  column: ColumnType;
  widget: Widget;
  required: boolean;
  options?: readonly EnumOption[];
  /** Entity name a reference points at. */
  reference?: string;
  /** A reference: the records its form offers, those with these values (the server's rules decide what it accepts). */
  offers?: Record<string, string>;
  /**
   * A reference: only the records whose fields (keys) hold the values of this form's fields (values)
   * are offered (a version of the dataset the form names).
   */
  within?: Record<string, string>;
  /**
   * A saved list filter (widget listFilter): the lists it may filter, each within the records its
   * `within` names; the first whose form fields are all filled is the one (a version's members when
   * the form names a version, else the dataset's data). Its form counts the matches; `min` and `max`
   * bound the count.
   */
  filterOf?: readonly FilterSource[];
  /** Monaco language of a code widget. */
  language?: string;
  /** A cron widget: the field naming the IANA zone its fire times are read in. */
  timezoneField?: string;
  /** i18n key of a note shown under the field on forms (what it does, what follows from it). */
  help?: string;
  /** Numbers: digits after the point (spec §9: 2 by default for decimals). */
  precision?: number;
  /** Numbers: bounds; text: `max` is the length limit. Forms and sample values follow them. */
  min?: number;
  max?: number;
  /** A valid value (the n-th), where the rules are too particular to guess one (patterns). */
  example?: (n: number) => unknown;
  list: ListView | false;
  filter: FilterKind | false;
  show: boolean;
  /**
   * Kept in the audit trail though the record's page does not list it among its details (a structured
   * data record's files, which a part of the page shows): a field not shown is otherwise left out, as
   * secrets are.
   */
  audited?: boolean;
  /** Editable always, only when creating, or never (system-set). */
  edit: 'always' | 'create' | false;
  index?: 'btree' | 'trigram' | 'gin';
  /** For a field nobody edits (a state): its value on creation. */
  initial?: unknown;
  /** A tally of another entity's records pointing here, kept by the database (a dataset's items). */
  counts?: CountDecl;
  /** Stored form ↔ record form, where they differ (quota: limited amount ↔ nullable bigint). */
  toDb?: (value: unknown) => unknown;
  fromDb?: (value: unknown) => unknown;
}

/** Which records a counter counts: those of `entity` whose `field` names this record, and that match `where`. */
export interface CountDecl {
  entity: string;
  field: string;
  where?: Record<string, string>;
}

/** A state transition (spec §4 domain states): from which states, to which, who may. */
export interface ActionDecl {
  label: string;
  from: readonly string[];
  to: string;
  /** Asks before doing it. */
  confirm?: boolean;
  /** Overrides the resource's permission for this action. */
  auth?: readonly Permission[];
}

/**
 * Daily totals the database keeps as rows change (a trigger), so a dashboard reads a few thousand
 * rows however large the table: per day of `time` (China time) and per value of each dimension.
 */
export interface RollupDecl<K extends string = string> {
  time: K;
  /** Text or enum fields the totals are broken down by. */
  dimensions: readonly K[];
  /** Number fields summed besides the count. */
  sums: readonly K[];
}

/** A rule over several fields (spec §5: "frame-rate alarm and loss alarm cannot both be empty"), reported at `field`. */
export interface RecordRule {
  field: string;
  /** i18n key of the message. */
  message: string;
  holds: (values: Record<string, unknown>) => boolean;
}

export interface EntityDecl<F extends Record<string, FieldDecl> = Record<string, FieldDecl>> {
  /** URL segment and i18n namespace: `bag`, `task-image`. */
  name: string;
  table: string;
  /** i18n key of the entity's name. */
  label: string;
  /** `tenant`: every row belongs to a space and is seen only there; `platform`: one set for all. */
  scope: 'tenant' | 'platform';
  fields: F;
  /** The field that names a record (references, titles). */
  title: keyof F & string;
  sort: { field: (keyof F & string) | 'id' | 'createdTime' | 'updatedTime'; order: 'asc' | 'desc' };
  /** Unique within the space (or globally for platform entities). */
  unique?: readonly (keyof F & string)[][];
  /**
   * Unique only among the rows where each named field holds its value (one ACTIVE package per
   * artifact type and space): a partial unique index, so a race between two writers ends with one.
   */
  uniqueWhere?: readonly { fields: readonly (keyof F & string)[]; where: Partial<Record<keyof F & string, string>> }[];
  /** The state field and its transitions. */
  /**
   * The state field and its transitions; `live`: states in which a record changes by itself (a run
   * under way): a list showing one refreshes itself until none is left.
   */
  states?: { field: keyof F & string; actions: Record<string, ActionDecl>; live?: readonly string[] };
  /** Filter combinations lists use together: each an index (space, these fields, then the sort order). */
  indexes?: readonly (keyof F & string)[][];
  rollup?: RollupDecl<keyof F & string>;
  /** Rules over several fields, checked on the whole record (on update, the record with the changes). */
  rules?: readonly RecordRule[];
  /** The platform's own staff see every space's records (feedback). */
  platformSeesAll?: boolean;
  /**
   * The reference to the record this one is part of (an annotation, of its ticket): whoever reaches
   * only some of those records reaches only their parts.
   */
  belongsTo?: keyof F & string;
  /**
   * Lists read this entity one parent at a time (a version's members, by their version): its sort
   * index leads with that field instead of the space, one index fewer for a bulk write to keep up.
   */
  listedWithin?: keyof F & string;
  /**
   * A field callers send without their space (a key's id in `Authorization`): the record is found by
   * it alone, so it gets an index of its own besides the space's.
   */
  foundBy?: keyof F & string;
  /** Fields that only count progress (an upload's parts): an update that changes nothing else leaves no audit event. */
  progress?: readonly (keyof F & string)[];
}

/** Any declared entity (its field map's keys appear in contravariant places, so `any` is the honest bound). */
export type AnyEntity = EntityDecl<any>;

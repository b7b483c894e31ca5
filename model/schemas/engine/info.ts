import type { FieldView } from '../view';
import type { AnyEntity, EntityDecl, FieldDecl, RecordRule } from './types';

/**
 * What the console's list pages read of an entity: its declaration without the validators (zod)
 * and the server's own hooks. The build writes one per entity (scripts/entity-info.ts), so a list
 * loads its entity's few fields rather than every declaration and the validator.
 * A declaration is one too: every function here takes either.
 */
export const FIELD_INFO = [
  'label',
  'column',
  'widget',
  'required',
  'options',
  'reference',
  'offers',
  'language',
  'precision',
  'min',
  'max',
  'list',
  'filter',
  'show',
  'edit',
  'initial',
  'counts',
] as const satisfies readonly (keyof FieldDecl)[];
export const ENTITY_INFO = ['name', 'label', 'scope', 'title', 'sort', 'states'] as const satisfies readonly (keyof EntityDecl)[];

export type FieldInfo = Pick<FieldDecl, (typeof FIELD_INFO)[number]>;
export interface EntityInfo extends Pick<EntityDecl, (typeof ENTITY_INFO)[number]> {
  fields: Record<string, FieldInfo>;
  rules?: readonly Pick<RecordRule, 'field' | 'message'>[];
}

const pick = <T extends object, K extends keyof T>(from: T, keys: readonly K[]) =>
  Object.fromEntries(keys.filter((key) => from[key] !== undefined).map((key) => [key, from[key]])) as Pick<T, K>;

/** A declaration's info, as plain data (the build serialises it). */
export const entityInfo = (entity: AnyEntity): EntityInfo => ({
  ...pick(entity, ENTITY_INFO),
  fields: Object.fromEntries(Object.entries(entity.fields as Record<string, FieldDecl>).map(([name, field]) => [name, pick(field, FIELD_INFO)])),
  ...(entity.rules ? { rules: entity.rules.map(({ field, message }) => ({ field, message })) } : {}),
});

export const infoFields = (entity: EntityInfo) => Object.entries(entity.fields);
const storedInfoFields = (entity: EntityInfo) => infoFields(entity).filter(([, field]) => field.column !== 'none');

/** The columns an entity lists, in declaration order. */
export const listView = (entity: EntityInfo): FieldView[] =>
  storedInfoFields(entity).flatMap(([name, field]) =>
    field.list
      ? [{ name, label: field.label, widget: field.widget, options: field.options, precision: field.precision, reference: field.reference, ...field.list }]
      : [],
  );

/** The fields of other entities that point at this one, as [entity, field]: a record's page lists the records of each that point at it. */
export const entityReferrers = (entity: EntityInfo, all: readonly EntityInfo[]): [string, string][] =>
  all.flatMap((other) => infoFields(other).flatMap(([name, field]): [string, string][] => (field.reference === entity.name ? [[other.name, name]] : [])));

/**
 * The locale namespaces an entity's texts use (`bag:fields.bagName` → bag), with those of the entities
 * it links to and, `withReferrers`, of those that link to it (a record's page lists their records).
 */
export function entityNamespaces(entity: EntityInfo, all: readonly EntityInfo[], withReferrers = true): string[] {
  const keysOf = (decl: EntityInfo) => [
    decl.label,
    ...infoFields(decl).flatMap(([, field]) => [field.label, ...(field.options ?? []).map((option) => option.label)]),
    ...Object.values(decl.states?.actions ?? {}).map((action) => action.label),
    ...(decl.rules ?? []).map((rule) => rule.message),
  ];
  const referrers = new Set(withReferrers ? entityReferrers(entity, all).map(([other]) => other) : []);
  const linked = all.filter((other) => referrers.has(other.name) || infoFields(entity).some(([, field]) => field.reference === other.name));
  return [...new Set([entity, ...linked].flatMap(keysOf).map((key) => key.split(':')[0]!))];
}

/** What the console knows of an entity before its pages load (src/app/entity-directory.ts, written by scripts/entity-info.ts at build time). */
export interface EntityFacts {
  /** The field that names its records. */
  title: string;
  /** The locale namespaces its list and forms use: its own and those of the entities it links to. */
  namespaces: string[];
  /** Those its record's page uses: these and those of the entities linking to it, whose lists it shows. */
  recordNamespaces: string[];
  /** The fields of other entities that point at it, as [entity, field]: its record's page lists their records. */
  referrers: [string, string][];
  /** Its state machine's actions (a plan's activate): who may run one is declared here, not on its lists. */
  transitions: string[];
}

export const entityFacts = (entity: EntityInfo, all: readonly EntityInfo[]): EntityFacts => ({
  title: entity.title,
  namespaces: entityNamespaces(entity, all, false),
  recordNamespaces: entityNamespaces(entity, all),
  referrers: entityReferrers(entity, all),
  transitions: Object.keys(entity.states?.actions ?? {}),
});

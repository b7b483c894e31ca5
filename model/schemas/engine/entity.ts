import { z } from 'zod';
import { entityId, REQUIRED } from '../fields';
import type { AnyEntity, EntityDecl, FieldDecl } from './types';

export { listView } from './info';

export const defineEntity = <F extends Record<string, FieldDecl>>(entity: EntityDecl<F>): EntityDecl<F> => entity;

/** Columns every entity table has besides its fields. */
export interface SystemFields {
  id: number;
  tenantId?: number;
  createdBy: string;
  updatedBy: string;
  createdTime: string;
  updatedTime: string;
  /** The titles of the records its references point at, by field (the reader may not open them). */
  titles?: Record<string, string>;
  /** What a link to those records needs besides their ids, by field: the fields their views show by or are kept to (datasetType). */
  links?: Record<string, Record<string, unknown>>;
}

/** A record as the API returns it, derived from the declaration (no hand-written twin). */
export type EntityRecord<E extends AnyEntity> = SystemFields & {
  -readonly [K in keyof E['fields'] as E['fields'][K]['column'] extends 'none' ? never : K]: z.output<E['fields'][K]['output']>;
};

export const fieldEntries = (entity: AnyEntity) => Object.entries(entity.fields) as [string, FieldDecl][];
export const storedFields = (entity: AnyEntity) => fieldEntries(entity).filter(([, field]) => field.column !== 'none');

export const recordSchema = <E extends AnyEntity>(entity: E) =>
  z.object({
    id: z.number(),
    ...(entity.scope === 'tenant' ? { tenantId: z.number() } : {}),
    ...Object.fromEntries(storedFields(entity).map(([name, field]) => [name, field.output])),
    createdBy: z.string(),
    updatedBy: z.string(),
    createdTime: z.string(),
    updatedTime: z.string(),
    titles: z.record(z.string(), z.string()).optional(),
    links: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
  }) as unknown as z.ZodType<EntityRecord<E>>; // the same shape, typed from the declaration

/** The entity's rules over several fields that these values break. */
export const brokenRules = (entity: AnyEntity, values: Record<string, unknown>) => (entity.rules ?? []).filter((rule) => !rule.holds(values));

/** Adds the entity's rules over several fields to a payload schema (last: a refined object can no longer be picked or extended). */
export const withRules = <T extends z.ZodObject>(entity: AnyEntity, schema: T): T =>
  entity.rules?.length
    ? schema.superRefine((values, context) => {
        for (const rule of brokenRules(entity, values)) context.addIssue({ code: 'custom', path: [rule.field], message: rule.message });
      })
    : schema;

/**
 * What create accepts: every field that is edited at all. `transientOptional`: what the system may
 * create with, leaving out the fields that only shape a person's request (a new space's administrator).
 */
export const createPayload = (entity: AnyEntity, { transientOptional = false } = {}) =>
  withRules(
    entity,
    z.object(
      Object.fromEntries(
        fieldEntries(entity).flatMap(([name, field]) =>
          field.edit ? [[name, transientOptional && field.column === 'none' ? field.input.optional() : field.input]] : [],
        ),
      ),
    ),
  );

/**
 * What update accepts: the id, the updatedTime the client last saw (a stale one is refused rather
 * than overwritten) and any fields editable after creation.
 */
export const updatePayload = (entity: AnyEntity) =>
  z.object({
    id: entityId('common:id'),
    updatedTime: z.string({ error: REQUIRED }).min(1, REQUIRED).meta({ label: 'common:updatedTime' }),
    ...Object.fromEntries(fieldEntries(entity).flatMap(([name, field]) => (field.edit === 'always' ? [[name, field.input.optional()]] : []))),
  });

/** Delete and state transitions act on a selection. */
export const idsPayload = z.object({
  ids: z.array(entityId('common:id'), { error: REQUIRED }).min(1, REQUIRED).max(1000, 'validation:maxItems').meta({ label: 'common:selection' }),
});

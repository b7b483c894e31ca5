import { fieldEntries, storedFields, type EntityRecord } from '../../model/schemas/engine/entity';
import type { AnyEntity, FieldDecl } from '../../model/schemas/engine/types';

type Row = Record<string, unknown>;

/** What a stored null means for a column the record always carries. */
const EMPTY: Partial<Record<FieldDecl['column'], unknown>> = { text: '', 'text[]': [], boolean: false };

function fromDb(field: FieldDecl, value: unknown): unknown {
  if (field.fromDb) return field.fromDb(value);
  if (value === null || value === undefined) return EMPTY[field.column] ?? null;
  if (value instanceof Date) return value.toISOString();
  return value;
}

/** Each entity's stored fields, worked out once: a list page turns many rows at a time. */
const storedOf = new WeakMap<AnyEntity, [string, FieldDecl][]>();
const storedFieldsOf = (entity: AnyEntity) => {
  let fields = storedOf.get(entity);
  if (!fields) storedOf.set(entity, (fields = storedFields(entity)));
  return fields;
};

/** A table row (camelCase keys, via Kysely's plugin) as the API returns it. */
export function toRecord(entity: AnyEntity, row: Row): EntityRecord<AnyEntity> {
  const record: Row = { id: row.id };
  if (entity.scope === 'tenant') record.tenantId = row.tenantId;
  for (const [name, field] of storedFieldsOf(entity)) record[name] = fromDb(field, row[name]);
  record.createdBy = row.createdBy;
  record.updatedBy = row.updatedBy;
  record.createdTime = (row.createdTime as Date).toISOString();
  record.updatedTime = (row.updatedTime as Date).toISOString();
  return record as EntityRecord<AnyEntity>; // the shape recordSchema(entity) describes
}

/** Validated input as columns: stored fields only, in their stored form. */
export function toRow(entity: AnyEntity, input: Row): Row {
  const row: Row = {};
  for (const [name, field] of fieldEntries(entity)) {
    if (field.column === 'none' || !(name in input) || input[name] === undefined) continue;
    row[name] = field.toDb ? field.toDb(input[name]) : input[name];
  }
  return row;
}

/** Fields nobody edits start at their declared initial value. */
export const initialValues = (entity: AnyEntity): Row =>
  Object.fromEntries(fieldEntries(entity).flatMap(([name, field]) => (field.initial !== undefined ? [[name, field.initial]] : [])));

import type { Generated } from 'kysely';
import type { AnyEntity, ColumnType, FieldDecl } from '../../model/schemas/engine/types';

/** How each declared column reads back (connect.ts parses bigints and numerics as numbers). */
interface ColumnValue {
  text: string;
  bigint: number | null;
  'double precision': number | null;
  'numeric(14,2)': number | null;
  boolean: boolean;
  timestamptz: Date | null;
  'text[]': string[];
  jsonb: unknown;
  none: never;
}

type Fields<E extends AnyEntity> = E['fields'];

/** A declared entity's table as Kysely sees it: its system columns and its stored fields, from the declaration alone. */
export type EntityTable<E extends AnyEntity> = {
  id: Generated<number>;
  createdBy: string;
  updatedBy: string;
  createdTime: Date;
  updatedTime: Date;
} & {
  -readonly [K in keyof Fields<E> as Fields<E>[K]['column'] extends 'none' ? never : K]: ColumnValue[Fields<E>[K]['column'] & ColumnType];
};

/** The columns of an entity's table, for a query that selects them by name (a join that must keep two tables apart). */
export const entityColumns = (entity: AnyEntity): string[] => [
  'id',
  ...(entity.scope === 'tenant' ? ['tenantId'] : []),
  ...Object.entries(entity.fields as Record<string, FieldDecl>).flatMap(([name, field]) => (field.column === 'none' ? [] : [name])),
  'createdBy',
  'updatedBy',
  'createdTime',
  'updatedTime',
];

import { fieldEntries } from './entity';
import type { AnyEntity, FieldDecl, PerWidget } from './types';

/** The n-th valid value of a field of one widget (`name`: the field's). */
export type Sampler = (name: string, field: FieldDecl, n: number) => unknown;

/** Within the field's bounds, counting up from its least value. */
const counted: Sampler = (_name, field, n) => Math.min(Math.max((field.min ?? 0) + n, field.min ?? 0), field.max ?? Number.MAX_SAFE_INTEGER);

/** A sample value per widget; a field whose rules are too particular for these declares its own `example`. */
export const SAMPLES = {
  text: (name, field, n) => `${name}-${n}`.slice(0, field.max ?? 255),
  textarea: (_name, _field, n) => `Sample note ${n}`,
  number: counted,
  money: counted,
  bytes: counted,
  duration: counted,
  rating: counted,
  datetime: (_name, _field, n) => new Date(Date.UTC(2026, 10, 1) + n * 3_600_000).toISOString(),
  enum: (_name, field) => field.options?.[0]?.value,
  tags: (_name, _field, n) => ['sample', `tag-${n}`],
  // The id of a record of another entity: only the caller has made one (sampleInput's `references`).
  reference: () => undefined,
  keyValue: (_name, _field, n) => `SAMPLE_${n}=1`,
  json: (_name, _field, n) => JSON.stringify({ sample: n }),
  code: (_name, _field, n) => `print(${n})`,
  boolean: () => true,
  quota: (_name, _field, n) => ({ limited: true, amount: 1024 * n }),
  cron: (_name, _field, n) => `${n % 60} 2 * * *`,
  // A spec §6 role every space has.
  roles: () => 'rd',
  // Everything the list holds.
  listFilter: () => '{}',
} satisfies PerWidget<Sampler>;

/**
 * The n-th valid value of a field, derived from its declaration: the generated tests (server and
 * browser) create records of every entity with these. References are left to the caller.
 */
export function sampleValue(name: string, field: FieldDecl, n: number): unknown {
  return field.example ? field.example(n) : SAMPLES[field.widget](name, field, n);
}

/** A valid create payload; `references` supplies the ids reference fields point at. */
export function sampleInput(entity: AnyEntity, n: number, references: Record<string, number> = {}): Record<string, unknown> {
  return Object.fromEntries(
    fieldEntries(entity).flatMap(([name, field]) => {
      if (!field.edit) return [];
      const value = field.reference ? references[field.reference] : sampleValue(name, field, n);
      return value === undefined ? [] : [[name, value]];
    }),
  );
}

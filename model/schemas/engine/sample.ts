import { fieldEntries } from './entity';
import type { AnyEntity, FieldDecl } from './types';

/**
 * The n-th valid value of a field, derived from its declaration: the generated tests (server and
 * browser) create records of every entity with these. References are left to the caller.
 */
export function sampleValue(name: string, field: FieldDecl, n: number): unknown {
  if (field.example) return field.example(n);
  const bounded = (value: number) => Math.min(Math.max(value, field.min ?? 0), field.max ?? Number.MAX_SAFE_INTEGER);
  switch (field.widget) {
    case 'text':
      return `${name}-${n}`.slice(0, field.max ?? 255);
    case 'textarea':
      return `Sample note ${n}`;
    case 'number':
    case 'bytes':
    case 'duration':
    case 'money':
    case 'rating':
      return bounded((field.min ?? 0) + n);
    case 'datetime':
      return new Date(Date.UTC(2026, 10, 1) + n * 3_600_000).toISOString();
    case 'enum':
      return field.options?.[0]?.value;
    case 'tags':
      return ['sample', `tag-${n}`];
    case 'json':
      return JSON.stringify({ sample: n });
    case 'code':
      return `print(${n})`;
    case 'keyValue':
      return `SAMPLE_${n}=1`;
    case 'boolean':
      return true;
    case 'quota':
      return { limited: true, amount: 1024 * n };
    default:
      return undefined;
  }
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

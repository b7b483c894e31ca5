import { describe, expect, it } from 'vitest';
import { account } from '../../../../../model/schemas/account';
import { fieldEntries } from '../../../../../model/schemas/engine/entity';
import { SAMPLES, sampleValue, type Sampler } from '../../../../../model/schemas/engine/sample';
import type { FieldDecl, PerWidget } from '../../../../../model/schemas/engine/types';
import { entities } from '../../../../../model/schemas/index';
import { task } from '../../../../../model/schemas/task';

/**
 * Fields no sample reaches: an account is made by spec §7's create-account from a payload of its own,
 * and its e-mail declares no example (a text sample is no address).
 */
const UNSAMPLED = new Set(['account.email']);

describe('sample values (the generated tests create records with them)', () => {
  it('a table of samples missing a widget does not compile', () => {
    const withoutCron: Omit<typeof SAMPLES, 'cron'> = SAMPLES;
    // @ts-expect-error a widget without a sample value: the registry's type refuses the table
    const incomplete: PerWidget<Sampler> = withoutCron;
    expect(incomplete).toBe(SAMPLES);
  });

  it.each(entities.map((entity) => [entity.name, entity] as const))('every editable field of %s takes its sample', (_name, entity) => {
    const edited = fieldEntries(entity).filter(([name, field]) => field.edit && !field.reference && !UNSAMPLED.has(`${entity.name}.${name}`));
    for (const n of [1, 2, 61]) {
      for (const [name, field] of edited) {
        const result = field.input.safeParse(sampleValue(name, field, n));
        expect(result.success, `${entity.name}.${name} (${field.widget}) #${n}: ${result.error?.issues[0]?.message}`).toBe(true);
      }
    }
  });

  // Their only fields declare examples of their own, so the test above never asks these.
  it.each([
    ['cron', 'cronExpression', task.fields.cronExpression],
    ['roles', 'role', account.fields.role],
  ] as [string, string, FieldDecl][])('a %s field takes the widget’s own sample too', (_widget, name, field) => {
    for (const n of [1, 2, 61]) expect(field.input.safeParse(SAMPLES[field.widget](name, field, n)).success).toBe(true);
  });

  it('an example declared on the field comes before the widget’s sample', () => {
    const field = account.fields.code;
    expect(sampleValue('code', field, 7)).toBe('member-7');
    expect(sampleValue('code', { ...field, example: undefined }, 7)).toBe('code-7');
  });
});

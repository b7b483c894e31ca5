import { describe, expect, it } from 'vitest';
import { enumOf, integer, json, keyValueLines, quota, tags, text } from '../../../../model/schemas/engine/fields';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message) ?? [];
const STATES = [
  { value: 'A', label: 'a' },
  { value: 'B', label: 'b' },
];

describe('field builders (spec §5 rules, shared by the form and the server)', () => {
  it('text: required, trimmed, bounded', () => {
    const { input } = text('name', { max: 5 });
    expect(input.parse('  ab  ')).toBe('ab');
    expect(messagesOf(input.safeParse('   '))).toEqual(['validation:required']);
    expect(messagesOf(input.safeParse(undefined))).toEqual(['validation:required']);
    expect(messagesOf(input.safeParse('abcdef'))).toEqual(['validation:maxLength']);
  });

  it('an optional text takes absent, null and empty alike', () => {
    const { input } = text('note', { required: false });
    expect([input.parse(undefined), input.parse(null), input.parse('')]).toEqual(['', '', '']);
  });

  it('a required enum refuses empty and unknown values', () => {
    const { input } = enumOf('state', STATES);
    expect(input.parse('A')).toBe('A');
    expect(messagesOf(input.safeParse(''))).toEqual(['validation:oneOf']);
    expect(messagesOf(input.safeParse('C'))).toEqual(['validation:oneOf']);
  });

  it('an optional enum left unselected is not set, yet an unknown value is still refused', () => {
    const { input } = enumOf('state', STATES, { required: false });
    expect([input.parse(''), input.parse(null), input.parse(undefined), input.parse('B')]).toEqual(['', '', '', 'B']);
    expect(messagesOf(input.safeParse('C'))).toEqual(['validation:oneOf']);
  });

  it('an enum with an initial state is not edited', () => {
    expect(enumOf('state', STATES, { initial: 'A' })).toMatchObject({ initial: 'A', edit: false });
  });

  it('integer: bounds and wholeness', () => {
    const { input } = integer('count', { min: 1, max: 10 });
    expect(input.parse(3)).toBe(3);
    expect(messagesOf(input.safeParse(0))).toEqual(['validation:min']);
    expect(messagesOf(input.safeParse(11))).toEqual(['validation:max']);
    expect(messagesOf(input.safeParse(1.5))).toEqual(['validation:integer']);
  });

  it('json must parse', () => {
    const { input } = json('conf');
    expect(input.parse('{"a":1}')).toBe('{"a":1}');
    expect(messagesOf(input.safeParse('{a:1}'))).toEqual(['validation:json']);
  });

  it('key=value lines: well formed, no key twice', () => {
    const { input } = keyValueLines('env');
    expect(input.parse('A=1\nB_2=x=y\n')).toBe('A=1\nB_2=x=y\n');
    expect(messagesOf(input.safeParse('A=1\nnot a pair'))).toEqual(['validation:keyValue']);
    expect(messagesOf(input.safeParse('A=1\nA=2'))).toEqual(['validation:duplicateKey']);
  });

  it('tags: short, non-empty, at most 50', () => {
    const { input } = tags('tags');
    expect(input.parse(null)).toEqual([]);
    expect(messagesOf(input.safeParse([' ']))).toEqual(['validation:required']);
    expect(messagesOf(input.safeParse(Array.from({ length: 51 }, (_, index) => `t${index}`)))).toEqual(['validation:maxItems']);
  });

  it('quota: unlimited is stored as null, a limit needs a whole number ≥ 0', () => {
    const field = quota('storage');
    expect(field.toDb!(field.input.parse({ limited: false }))).toBeNull();
    expect(field.toDb!(field.input.parse({ limited: true, amount: 1024 }))).toBe(1024);
    expect(messagesOf(field.input.safeParse({ limited: true, amount: null }))).toEqual(['tenant:rules.quota']);
    expect(field.fromDb!(null)).toEqual({ limited: false, amount: null });
  });
});

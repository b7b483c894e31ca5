import { describe, expect, it } from 'vitest';
import { isArray, isObject, jsonValue } from '../../../../../../src/screens/components/schema/shared/json-value';

describe('jsonValue', () => {
  it('parses text of the expected shape, and takes a parsed value as it is', () => {
    expect(jsonValue('[1,2]', isArray, [])).toEqual([1, 2]);
    expect(jsonValue({ a: 'b' }, isObject, {})).toEqual({ a: 'b' });
  });

  it('falls back on malformed text, empty text and the wrong shape', () => {
    expect(jsonValue('[1,', isArray, ['fallback'])).toEqual(['fallback']);
    expect(jsonValue('', isObject, { empty: true })).toEqual({ empty: true });
    expect(jsonValue('{"a":1}', isArray, [])).toEqual([]);
    expect(jsonValue('[1]', isObject, {})).toEqual({});
    expect(jsonValue(null, isObject, {})).toEqual({});
  });
});

import qs from 'qs';
import { describe, expect, it } from 'vitest';
import getSideChannel from '../../../../src/boot/shims/side-channel.cjs';

describe('side-channel shim (what qs needs of it)', () => {
  it('stores by object identity and by primitive value, and asserts', () => {
    const channel = getSideChannel();
    const key = {};
    channel.set(key, 1);
    channel.set('a', 2);
    expect([channel.get(key), channel.get({}), channel.get('a'), channel.has(key)]).toEqual([1, undefined, 2, true]);
    expect(() => channel.assert({})).toThrow(TypeError);
    expect(channel.delete(key)).toBe(true);
    expect(channel.has(key)).toBe(false);
  });

  it('lets qs stringify and parse as Refine uses it, and still refuse cycles', () => {
    const query = { pageSize: 20, filters: [{ field: 'code', operator: 'contains', value: 'a b' }] };
    expect(qs.parse(qs.stringify(query), { parseArrays: true })).toEqual({ pageSize: '20', filters: [{ field: 'code', operator: 'contains', value: 'a b' }] });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => qs.stringify(cyclic)).toThrow(RangeError);
  });
});

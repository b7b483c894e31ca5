import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../../../../src/screens/components/schema/cells/format';

describe('formatDateTime (spec §9)', () => {
  it('writes YYYY-MM-DD HH:mm:ss in local time', () => {
    expect(formatDateTime(new Date(2026, 0, 5, 7, 8, 9))).toBe('2026-01-05 07:08:09');
    expect(formatDateTime(new Date(2026, 10, 22, 23, 59, 0).toISOString())).toBe('2026-11-22 23:59:00');
  });

  it('shows a dash for what is not a date', () => {
    expect(formatDateTime('not a date')).toBe('-');
  });
});

describe('numbers, money, bytes and durations (spec §9)', () => {
  it('separates thousands with 2 digits by default', async () => {
    const { formatNumber, formatMoney } = await import('../../../../../../src/screens/components/schema/cells/format');
    expect(formatNumber(1234567.891)).toBe('1,234,567.89');
    expect(formatNumber(42, 0)).toBe('42');
    expect(formatMoney(1999.5)).toBe('¥1,999.50');
  });

  it('writes every number as Intl.NumberFormat en-US does, without building one', async () => {
    const { formatNumber } = await import('../../../../../../src/screens/components/schema/cells/format');
    const intl = (value: number, precision: number) =>
      new Intl.NumberFormat('en-US', { minimumFractionDigits: precision, maximumFractionDigits: precision }).format(value);
    const numbers = fc.oneof(fc.double(), fc.integer(), fc.double({ min: -1e6, max: 1e6 }), fc.constantFrom(0, -0, 0.125, -0.125, 1.005, 999.995, 1e21, -1e21));
    fc.assert(
      fc.property(numbers, fc.integer({ min: 0, max: 6 }), (value, precision) => formatNumber(value, precision) === intl(value, precision)),
      { numRuns: 5000 },
    );
  });

  it('reads bytes in 1024 steps', async () => {
    const { formatBytes } = await import('../../../../../../src/screens/components/schema/cells/format');
    expect([formatBytes(512), formatBytes(1536), formatBytes(3 * 1024 ** 3), formatBytes(1024 ** 4 * 2.5)]).toEqual(['512 B', '1.50 KB', '3.00 GB', '2.50 TB']);
  });

  it('writes durations from the largest unit present', async () => {
    const { formatDuration } = await import('../../../../../../src/screens/components/schema/cells/format');
    const zh: [string, string, string, string] = ['天', '小时', '分', '秒'];
    expect(formatDuration(0, zh)).toBe('0秒');
    expect(formatDuration(75, zh)).toBe('1分 15秒');
    expect(formatDuration(90061, ['d', 'h', 'm', 's'])).toBe('1d 1h 1m 1s');
    expect(formatDuration(7200, ['d', 'h', 'm', 's'])).toBe('2h 0m 0s');
  });
});

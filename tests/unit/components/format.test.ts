import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../src/components/schema/format';

describe('formatDateTime (spec §9)', () => {
  it('writes YYYY-MM-DD HH:mm:ss in local time', () => {
    expect(formatDateTime(new Date(2026, 0, 5, 7, 8, 9))).toBe('2026-01-05 07:08:09');
    expect(formatDateTime(new Date(2026, 10, 22, 23, 59, 0).toISOString())).toBe('2026-11-22 23:59:00');
  });

  it('shows a dash for what is not a date', () => {
    expect(formatDateTime('not a date')).toBe('-');
  });
});

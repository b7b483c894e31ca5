import { describe, expect, it, vi } from 'vitest';
import { withRetry } from '../../../src/providers/retry';

const failing = (failures: number) =>
  vi.fn(async (attempt: number) => {
    if (attempt < failures) throw new Error(`attempt ${attempt}`);
    return 'done';
  });

describe('withRetry (spec §9)', () => {
  it('makes up to 4 attempts by default', async () => {
    const task = failing(10);
    await expect(withRetry(task)).rejects.toThrow('attempt 3');
    expect(task).toHaveBeenCalledTimes(4);
  });

  it('stops at the first success', async () => {
    const task = failing(2);
    await expect(withRetry(task)).resolves.toBe('done');
    expect(task).toHaveBeenCalledTimes(3);
  });

  it('makes retries + 1 attempts', async () => {
    const task = failing(10);
    await expect(withRetry(task, 0)).rejects.toThrow('attempt 0');
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('refuses a negative count with 最大重试次数不能为负数', async () => {
    const task = failing(0);
    await expect(withRetry(task, -1)).rejects.toThrow('最大重试次数不能为负数');
    expect(task).not.toHaveBeenCalled();
  });
});

import { describe, expect, it, vi } from 'vitest';

const notification = vi.hoisted(() => ({ config: vi.fn(), success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn(), destroy: vi.fn() }));
vi.mock('../../../src/providers/antd-notification', () => ({ default: notification }));

describe('notifier (spec §9)', () => {
  it('shows notices top-right, 60 px down, for 2 seconds, loading antd on the first one', async () => {
    const { notifier } = await import('../../../src/providers/notifier');
    expect(notification.config).not.toHaveBeenCalled();
    notifier.error('操作失败,系统异常!', 'detail');
    await vi.waitFor(() => expect(notification.error).toHaveBeenCalledWith({ message: '操作失败,系统异常!', description: 'detail', key: undefined }));
    expect(notification.config).toHaveBeenCalledWith({ placement: 'topRight', top: 60, duration: 2 });
    notifier.warning('x');
    await vi.waitFor(() => expect(notification.warning).toHaveBeenCalled());
    expect(notification.config).toHaveBeenCalledTimes(1);
  });

  it('draws notices in the theme the root hands in, loaded with the first notice and before it', async () => {
    vi.resetModules();
    const { notifier, drawNoticesWith } = await import('../../../src/providers/notifier');
    const order: string[] = [];
    const theme = vi.fn(() => new Promise((resolve) => setTimeout(() => resolve(order.push('theme')), 20)));
    notification.info.mockImplementation(() => order.push('notice'));
    drawNoticesWith(theme);
    expect(theme).not.toHaveBeenCalled();
    notifier.info('x');
    await vi.waitFor(() => expect(order).toEqual(['theme', 'notice']));
    expect(theme).toHaveBeenCalledTimes(1);
  });
});

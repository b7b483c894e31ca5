import type { NotificationProvider } from '@refinedev/core';
import { notifier } from './notifier';

/**
 * Refine's notifications. Failed requests are announced once, by the HTTP layer (spec §8), so
 * Refine's own error notices are dropped rather than shown a second time.
 */
export const notificationProvider: NotificationProvider = {
  open: ({ type, message, description, key }) => {
    if (type === 'success') notifier.success(message, description, key);
    else if (type === 'progress') notifier.info(message, description, key);
  },
  close: (key) => notifier.close(key),
};

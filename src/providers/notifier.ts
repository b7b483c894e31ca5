type Level = 'success' | 'error' | 'warning' | 'info';

/** antd's notification system loads with the first notice, not with the page (the sign-in bundle budget). */
const loadNotification = () =>
  // with the console's theme for notices (app/theme-provider.tsx), the sign-in page's too
  Promise.all([import('antd/es/notification'), import('../app/theme-provider')]).then(([{ default: notification }]) => {
    // Spec §9: notifications top-right, offset 60, shown for 2 seconds.
    notification.config({ placement: 'topRight', top: 60, duration: 2 });
    return notification;
  });
let notification: ReturnType<typeof loadNotification> | undefined;

const show = (level: Level) => (message: string, description?: string, key?: string) =>
  void (notification ??= loadNotification()).then((api) => api[level]({ message, description, key }));

export const notifier = {
  success: show('success'),
  error: show('error'),
  warning: show('warning'),
  info: show('info'),
  close: (key: string) => void (notification ??= loadNotification()).then((api) => api.destroy(key)),
};

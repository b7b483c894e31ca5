type Level = 'success' | 'error' | 'warning' | 'info';

/**
 * What notices are drawn in: the console's theme, for the sign-in page's notices too. The root hands
 * in its loader (src/root/app.tsx): the theme is drawn by screens, a floor above this one.
 */
let loadTheme: () => Promise<unknown> = () => Promise.resolve();
export const drawNoticesWith = (load: () => Promise<unknown>) => void (loadTheme = load);

/** antd's notification system loads with the first notice, not with the page (the sign-in bundle budget). */
const loadNotification = () =>
  Promise.all([import('./antd-notification'), loadTheme()]).then(([{ default: notification }]) => {
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

import { notification } from 'antd';

/** Spec §9: notifications top-right, offset 60, shown for 2 seconds. */
notification.config({ placement: 'topRight', top: 60, duration: 2 });

export const notifier = {
  success: (message: string, description?: string) => notification.success({ message, description }),
  error: (message: string, description?: string) => notification.error({ message, description }),
  warning: (message: string, description?: string) => notification.warning({ message, description }),
};

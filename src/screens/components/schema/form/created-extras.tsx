import { Modal, Typography } from 'antd';
import type { TFunction } from 'i18next';

type Extra = Record<string, string>;

/** Secrets a create returns beside the record, shown once: its message key and the value to copy. */
const ONE_TIME: Record<string, { message: string; secret: (extra: Extra) => string; testId: string }> = {
  admin: { message: 'tenant:adminCreated', secret: (admin) => admin.password!, testId: 'one-time-password' },
  accessKey: { message: 'accessKey:created', secret: (key) => key.secret!, testId: 'one-time-secret' },
  robotKey: { message: 'robotKey:created', secret: (key) => key.secret!, testId: 'one-time-secret' },
  compileServerKey: { message: 'compileServerKey:created', secret: (key) => key.secret!, testId: 'one-time-secret' },
};

/** What a create returned beside the record, shown once: a new space administrator's password, a new access key's secret. */
export function showCreatedExtras(extras: Record<string, unknown> | undefined, t: TFunction): void {
  for (const [name, extra] of Object.entries(extras ?? {})) {
    const shown = ONE_TIME[name];
    if (!shown) continue;
    const values = extra as Extra;
    Modal.info({
      title: t('common:created'),
      width: 560,
      content: (
        <Typography.Paragraph copyable={{ text: shown.secret(values) }} data-testid={shown.testId}>
          {t(shown.message, values)}
        </Typography.Paragraph>
      ),
    });
  }
}

import { Modal, Typography } from 'antd';
import type { TFunction } from 'i18next';

/** What a create returned beside the record, shown once: a new space's administrator and its one-time password. */
export function showCreatedExtras(extras: Record<string, unknown> | undefined, t: TFunction): void {
  const admin = extras?.admin as { code: string; password: string } | undefined;
  if (!admin) return;
  Modal.info({
    title: t('common:created'),
    content: (
      <Typography.Paragraph copyable={{ text: admin.password }} data-testid="one-time-password">
        {t('tenant:adminCreated', { code: admin.code, password: admin.password })}
      </Typography.Paragraph>
    ),
  });
}

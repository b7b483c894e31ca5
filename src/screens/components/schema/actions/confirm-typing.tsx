import { Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §5: a bulk operation says how many records it touches and waits for the user to type yes. */
export function ConfirmTyping({
  action,
  count,
  onConfirm,
  onCancel,
  busy,
}: {
  action: string;
  count: number;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  return (
    <Modal
      open
      title={t('common:bulk.title', { action })}
      onOk={onConfirm}
      onCancel={onCancel}
      okButtonProps={{ disabled: typed.trim() !== 'yes', danger: true }}
      confirmLoading={busy}
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
    >
      <Typography.Paragraph>{t('common:bulk.prompt', { action, count })}</Typography.Paragraph>
      <Input
        autoFocus
        aria-label={t('common:bulk.typeYes')}
        placeholder="yes"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        data-testid="type-yes"
      />
    </Modal>
  );
}

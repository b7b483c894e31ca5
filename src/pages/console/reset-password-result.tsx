import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The one-time password of a reset, shown once with a copy button. */
export function ResetPasswordResult({ result, onClose }: { result: { name: string; password: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal title={t('account:resetDone.title')} open={Boolean(result)} onOk={onClose} onCancel={onClose} cancelButtonProps={{ style: { display: 'none' } }} okText={t('common:ok')}>
      <Typography.Paragraph>{t('account:resetDone.description', { name: result?.name })}</Typography.Paragraph>
      <Typography.Paragraph copyable={{ text: result?.password, tooltips: [t('account:resetDone.copy'), t('account:resetDone.copied')] }} code data-testid="one-time-password">
        {result?.password}
      </Typography.Paragraph>
    </Modal>
  );
}

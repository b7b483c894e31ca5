import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AccountRecord } from '../../../../model/schemas/account';
import { useResetPassword } from './use-account-actions';

/** Asks before resetting another member's password, then shows the one-time password once, to copy. */
export default function ResetPasswordDialog({ account, onClose }: { account: AccountRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const password = reset.data?.password;
  return (
    <Modal
      title={t(password ? 'account:resetDone.title' : 'account:actions.resetPassword')}
      open
      onOk={password ? onClose : () => reset.mutate(account.id)}
      onCancel={onClose}
      confirmLoading={reset.isPending}
      cancelButtonProps={password ? { style: { display: 'none' } } : undefined}
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
    >
      {password ? (
        <>
          <Typography.Paragraph>{t('account:resetDone.description', { name: account.name })}</Typography.Paragraph>
          <Typography.Paragraph
            copyable={{ text: password, tooltips: [t('account:resetDone.copy'), t('account:resetDone.copied')] }}
            code
            data-testid="one-time-password"
          >
            {password}
          </Typography.Paragraph>
        </>
      ) : (
        <Typography.Paragraph>{t('account:resetConfirm', { name: account.name })}</Typography.Paragraph>
      )}
    </Modal>
  );
}

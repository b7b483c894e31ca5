import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '../../components/inputs/new-password-fields';
import { useChangePassword } from './use-self-service';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/** Spec §5: old, new and confirm required; the new one strong; the two must match. */
export function PasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  return (
    <Form<Values>
      layout="vertical"
      style={{ maxWidth: 420 }}
      name="change-password"
      onFinish={({ oldPassword, newPassword: next }) => change.mutate({ oldPassword, newPassword: next })}
    >
      <Form.Item
        name="oldPassword"
        label={t('password:fields.old')}
        rules={[{ required: true, message: t('validation:required', { label: t('password:fields.old') }) }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <NewPasswordFields name="newPassword" label="password:fields.new" confirmLabel="password:fields.confirm" />
      <Button type="primary" htmlType="submit" loading={change.isPending}>
        {t('password:submit')}
      </Button>
    </Form>
  );
}

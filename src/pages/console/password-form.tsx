import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../components/schema/zod-rule';
import { newPassword } from '../../schemas/password';
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
  const required = (label: string) => ({ required: true, message: t('validation:required', { label: t(label) }) });
  return (
    <Form<Values>
      layout="vertical"
      style={{ maxWidth: 420 }}
      name="change-password"
      onFinish={({ oldPassword, newPassword: next }) => change.mutate({ oldPassword, newPassword: next })}
    >
      <Form.Item name="oldPassword" label={t('password:fields.old')} rules={[required('password:fields.old')]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="newPassword" label={t('password:fields.new')} rules={[zodRule(newPassword(), t)]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('password:fields.confirm')}
        dependencies={['newPassword']}
        rules={[
          required('password:fields.confirm'),
          ({ getFieldValue }) => ({
            validator: async (_, value) =>
              value && value !== getFieldValue('newPassword') ? Promise.reject(new Error(t('password:rules.confirm'))) : undefined,
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={change.isPending}>
        {t('password:submit')}
      </Button>
    </Form>
  );
}

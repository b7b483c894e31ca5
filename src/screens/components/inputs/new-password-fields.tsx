import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { newPassword } from '../../../../model/schemas/password';
import { zodRule } from '../schema/form/zod-rule';

/** Spec §5: a new password held to the password rules, and its confirmation, which must match. */
export function NewPasswordFields({ name, label, confirmLabel }: { name: string; label: string; confirmLabel: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name={name} label={t(label)} rules={[zodRule(newPassword(label), t)]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t(confirmLabel)}
        dependencies={[name]}
        rules={[
          { required: true, message: t('validation:required', { label: t(confirmLabel) }) },
          ({ getFieldValue }) => ({
            validator: async (_rule, value) => {
              if (value && value !== getFieldValue(name)) throw new Error(t('password:rules.confirm'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '../../components/inputs/new-password-fields';
import { zodRule } from '../../components/schema/form/zod-rule';
import { HttpError } from '../../../providers/http-errors';
import { account } from '../../../../model/schemas/account';
import { useCreateAccount, useRoleOptions, type NewAccount } from './use-account-actions';

type Values = NewAccount & { confirm: string };

/** Spec §3 account-creation form: role, account code, name, password, description. */
export default function CreateAccountModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const roles = useRoleOptions();
  const create = useCreateAccount();
  const label = (key: string) => t(`account:fields.${key}`);

  const submit = (values: Values) =>
    create.mutate(values, {
      onSuccess: onClose,
      onError: (error) => {
        const field = error instanceof HttpError ? error.field : undefined;
        const name = field === 'role' ? 'roles' : field === 'cipherPassword' ? 'password' : field;
        if (name && name in form.getFieldsValue()) form.setFields([{ name: name as keyof Values, errors: [error.message] }]);
      },
    });

  return (
    <Modal
      title={t('account:actions.create')}
      open
      onCancel={onClose}
      onOk={form.submit}
      confirmLoading={create.isPending}

      okText={t('common:ok')}
      cancelText={t('common:cancel')}
    >
      <Form form={form} layout="vertical" onFinish={submit} name="create-account">
        <Form.Item name="roles" label={label('role')} rules={[{ required: true, message: t('validation:required', { label: label('role') }) }]}>
          <Select
            mode="multiple"
            loading={roles.isLoading}
            options={(roles.data ?? []).map((role) => ({ value: role.code, label: t(`roles:${role.code}`) }))}
          />
        </Form.Item>
        <Form.Item name="accountCode" label={label('code')} rules={[zodRule(account.fields.code.input, t)]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="accountName" label={label('name')} rules={[zodRule(account.fields.name.input, t)]}>
          <Input autoComplete="off" />
        </Form.Item>
        <NewPasswordFields name="password" label="account:fields.password" confirmLabel="account:fields.confirmPassword" />
        <Form.Item name="description" label={label('description')} rules={[zodRule(account.fields.description.input, t)]}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

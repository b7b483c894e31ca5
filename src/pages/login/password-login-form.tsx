import { LockOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryInput } from '../../components/inputs/history-input';
import type { SignInValues } from '../../providers/auth';
import { accountNamesFor, forgetAccountName, forgetSpaceCode, spaceCodeHistory } from '../../providers/sign-in-history';
import { useSignIn } from './use-sign-in';

/** Spec §2/§5: space account code, personal account name, password; each required with its own message. */
export function PasswordLoginForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<SignInValues>();
  const signIn = useSignIn();
  const tenantCode = Form.useWatch('tenantCode', form) ?? '';
  const [spaces, setSpaces] = useState(spaceCodeHistory);
  const [, refreshNames] = useState(0);
  const required = (field: string) => [{ required: true, whitespace: true, message: t('validation:required', { label: t(`login:fields.${field}`) }) }];

  return (
    <Form form={form} layout="vertical" size="large" requiredMark={false} onFinish={(values) => signIn.mutate(values)} initialValues={{ tenantCode: spaces[0] ?? '' }}>
      <Form.Item name="tenantCode" rules={required('tenantCode')}>
        <HistoryInput id="tenantCode" history={spaces} onRemove={(code) => setSpaces(forgetSpaceCode(code))} prefix={<TeamOutlined />} placeholder={t('login:placeholders.tenantCode')} />
      </Form.Item>
      <Form.Item name="accountName" rules={required('code')}>
        <HistoryInput
          id="accountName"
          history={accountNamesFor(tenantCode.trim())}
          onRemove={(name) => refreshNames(forgetAccountName(tenantCode.trim(), name).length)}
          prefix={<UserOutlined />}
          placeholder={t('login:placeholders.accountName')}
        />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: t('validation:required', { label: t('login:fields.password') }) }]}>
        <Input.Password id="password" prefix={<LockOutlined />} placeholder={t('login:placeholders.password')} autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={signIn.isPending}>
        {t('login:submit')}
      </Button>
    </Form>
  );
}

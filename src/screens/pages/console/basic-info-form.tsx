import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../components/schema/form/zod-rule';
import { useSession } from '../../hooks/use-session';
import { account } from '../../../../model/schemas/account';
import { useSaveBasicInfo, type BasicInfo } from './use-self-service';

/** The caller's own name, email and description (spec §7 modify-self-basic-info). */
export function BasicInfoForm() {
  const { t } = useTranslation();
  const { userInfo } = useSession();
  const save = useSaveBasicInfo();
  return (
    <Form<BasicInfo>
      layout="vertical"
      style={{ maxWidth: 420 }}
      name="basic-info"
      initialValues={{ name: userInfo?.name, email: userInfo?.email, description: userInfo?.description }}
      onFinish={(values) => save.mutate(values)}
    >
      <Form.Item name="name" label={t('account:fields.name')} rules={[zodRule(account.fields.name.input, t)]}>
        <Input />
      </Form.Item>
      <Form.Item name="email" label={t('account:fields.email')} rules={[zodRule(account.fields.email.input, t)]}>
        <Input type="email" />
      </Form.Item>
      <Form.Item name="description" label={t('account:fields.description')} rules={[zodRule(account.fields.description.input, t)]}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('personal:save')}
      </Button>
    </Form>
  );
}

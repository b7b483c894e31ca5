import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../components/schema/form/zod-rule';
import type { DeviceKeyKind, NewKey } from './device-key-kind';
import { useCreateKey } from './use-create-key';

interface NewKeyModalProps {
  kind: DeviceKeyKind;
  deviceId: number;
  /** The key made, or nothing where the answer carried none (then there is nothing to show). */
  onCreated: (key: NewKey | undefined) => void;
  onClose: () => void;
}

/** A new key for a device: its name is all a person gives, checked by the key entity's own rule. */
export function NewKeyModal({ kind, deviceId, onCreated, onClose }: NewKeyModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const create = useCreateKey(kind, deviceId);
  const name = kind.entity.fields.name!;
  return (
    <Modal
      open
      title={t(`${kind.namespace}:page.newKey`)}
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
      confirmLoading={create.isPending}
      onOk={form.submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="new-device-key" onFinish={(values) => create.mutate(values.name.trim(), { onSuccess: onCreated })}>
        <Form.Item name="name" label={t(name.label)} rules={[zodRule(name.input, t)]}>
          <Input autoComplete="off" autoFocus data-testid="device-key-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { Alert, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceKeyKind, NewKey } from './device-key-kind';

/**
 * A new key's id and secret, each with a copy button, and the header the device sends them in: shown
 * this once, as the server keeps only the secret's hash. It closes only by its button, not by a click
 * beside it, so the secret is not lost to a stray click.
 */
export function KeySecretModal({ kind, created, onClose }: { kind: DeviceKeyKind; created: NewKey; onClose: () => void }) {
  const { t } = useTranslation();
  const header = `Authorization: Bearer ${created.keyId}.${created.secret}`;
  return (
    <Modal
      open
      title={t('common:created')}
      width={600}
      closable={false}
      maskClosable={false}
      keyboard={false}
      okText={t('common:ok')}
      onOk={onClose}
      footer={(_, { OkBtn }) => <OkBtn />}
    >
      <div data-testid="device-key-created">
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t(kind.entity.fields.keyId!.label)}>
            <Typography.Text code copyable data-testid="device-key-id">
              {created.keyId}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t(`${kind.namespace}:page.secret`)}>
            <Typography.Text code copyable data-testid="device-key-secret">
              {created.secret}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
        <Alert type="warning" showIcon style={{ margin: '16px 0' }} message={t(`${kind.namespace}:page.keyCreated`)} />
        <Typography.Paragraph type="secondary">{t(`${kind.namespace}:page.keyHint`)}</Typography.Paragraph>
        <Typography.Text code copyable>
          {header}
        </Typography.Text>
      </div>
    </Modal>
  );
}

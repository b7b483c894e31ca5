import { Modal, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** The feedback form arrives with the feedback entity; until then the dialog says so. */
export default function FeedbackDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal title={t('layout:feedback.title')} open onCancel={onClose} footer={null}>
      <Result status="info" title={t('layout:notYetAvailable.title')} />
    </Modal>
  );
}

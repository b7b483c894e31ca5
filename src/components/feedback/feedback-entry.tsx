import { MessageOutlined } from '@ant-design/icons';
import { Button, Modal, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The header's feedback entry, open to every user; its form arrives with the feedback entity. */
export function FeedbackEntry() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="text" icon={<MessageOutlined />} onClick={() => setOpen(true)} data-testid="feedback-entry">
        {t('layout:feedback.entry')}
      </Button>
      <Modal title={t('layout:feedback.title')} open={open} onCancel={() => setOpen(false)} footer={null}>
        <Result status="info" title={t('layout:notYetAvailable.title')} />
      </Modal>
    </>
  );
}

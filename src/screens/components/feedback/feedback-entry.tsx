import { MessageOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

const FeedbackDialog = lazy(() => import('./feedback-dialog'));

/** The header's feedback entry, open to every user; the dialog loads when first opened. */
export function FeedbackEntry() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="text" icon={<MessageOutlined />} onClick={() => setOpen(true)} data-testid="feedback-entry">
        {t('layout:feedback.entry')}
      </Button>
      {open && (
        <Suspense>
          <FeedbackDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { notifier } from '../../../providers/notifier';
import { entityListEntry } from '../../../../model/resources/index';
import { entityByName } from '../../../../model/schemas/index';
import { EntityForm } from '../schema/form/entity-form';

/** Spec §3/§5 feedback, sent from any page: the generated form of the feedback entity, with the page noted. */
export default function FeedbackDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const meta = JSON.stringify({ page: pathname, userAgent: navigator.userAgent, language: document.documentElement.lang });
  return (
    <Modal title={t('layout:feedback.title')} open onCancel={onClose} footer={null} destroyOnHidden>
      <EntityForm
        list={entityListEntry('feedback')!}
        entity={entityByName.get('feedback')!}
        mode="create"
        preset={{ meta }}
        onCancel={onClose}
        onSaved={() => {
          notifier.success(t('feedback:sent'));
          onClose();
        }}
      />
    </Modal>
  );
}

import type { TFunction } from 'i18next';
import { ConfirmOnClick } from './confirm-on-click';
import { plainLinkButton } from '../shared/plain-antd';
import type { RowActions } from './use-row-actions';

/** A record's delete, asking first: a plain button, its popup made on the first click (a list draws one in every row). */
export function DeleteButton({ id, actions, t, hash }: { id: number; actions: RowActions; t: TFunction; hash: string }) {
  return (
    <ConfirmOnClick
      title={t('common:deleteConfirm')}
      onConfirm={() => actions.run({ action: 'delete', ids: [id] })}
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
    >
      {plainLinkButton(hash, t('common:delete'), { danger: true })}
    </ConfirmOnClick>
  );
}

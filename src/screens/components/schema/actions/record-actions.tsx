import type { TFunction } from 'i18next';
import { recordPath } from '../../../../../model/resources/index';
import type { RouteEntry } from '../../../../../model/resources/types';
import type { EntityInfo } from '../../../../../model/schemas/engine/info';
import { TransitionButtons } from './action-buttons';
import { DeleteButton } from './delete-button';
import { plainLinkButton } from '../shared/plain-antd';
import { recordParts } from '../shared/record-parts';
import { appHref } from './row-links';
import type { RowActions } from './use-row-actions';

interface RecordActionsProps {
  list: RouteEntry;
  entity: EntityInfo;
  record: Record<string, unknown>;
  /** What the user may do, worked out once for the list (useRowActions). */
  actions: RowActions;
  t: TFunction;
  /** antd's theme class: the buttons are drawn as plain elements (plain-antd.tsx). */
  hash: string;
}

/** A row's buttons: view, edit and delete as permitted, then the entity's transitions (in a plain span: antd's Space wraps each child, every row). */
export function RecordActions({ list, entity, record, actions, t, hash }: RecordActionsProps) {
  const id = record.id as number;
  const link = (path: string, label: string) => (
    <a href={appHref(path)} data-route={path}>
      {plainLinkButton(hash, label)}
    </a>
  );
  return (
    <span className="edp-row-actions" onClick={actions.follow}>
      {link(recordPath(list, 'show', record)!, t('common:view'))}
      {actions.edit && link(recordPath(list, 'edit', id)!, t('common:edit'))}
      <TransitionButtons entity={entity} record={record} actions={actions} t={t} hash={hash} />
      {recordParts(list.rowParts, record as Record<string, unknown> & { id: number })}
      {actions.delete && <DeleteButton id={id} actions={actions} t={t} hash={hash} />}
    </span>
  );
}

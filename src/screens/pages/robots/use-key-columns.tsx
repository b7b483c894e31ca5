import type { TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteEntry } from '../../../../model/resources/types';
import { listView, type EntityInfo } from '../../../../model/schemas/engine/info';
import { TransitionButtons } from '../../components/schema/actions/action-buttons';
import { DeleteButton } from '../../components/schema/actions/delete-button';
import { useRowActions } from '../../components/schema/actions/use-row-actions';
import { useColumns } from '../../components/schema/list/use-columns';
import { useAntdHash } from '../../components/schema/shared/use-antd-hash';
import type { DeviceKeyKind } from './device-key-kind';

export type KeyRow = Record<string, unknown> & { id: number };

/**
 * The key list's columns: the key entity's listed fields but the device (the page is the device's),
 * none of them sorting (the keys come newest first), then each key's buttons as its declaration has
 * them: disable and enable, asking where it says so, and delete, asking first.
 */
export function useKeyColumns(kind: DeviceKeyKind, entity: EntityInfo, list: RouteEntry): TableColumnsType<KeyRow> {
  const { t } = useTranslation();
  const shown = useMemo(() => listView(entity).flatMap((field) => (field.name === kind.field ? [] : [{ ...field, sortable: false }])), [entity, kind.field]);
  const columns = useColumns<KeyRow>(shown);
  const actions = useRowActions(list, entity);
  const hash = useAntdHash();
  return useMemo(
    () => [
      ...columns,
      {
        key: 'actions',
        title: t('common:actions'),
        render: (_: unknown, record: KeyRow) => (
          <span className="edp-row-actions">
            <TransitionButtons entity={entity} record={record} actions={actions} t={t} hash={hash} />
            {actions.delete && <DeleteButton id={record.id} actions={actions} t={t} hash={hash} />}
          </span>
        ),
      },
    ],
    [columns, entity, actions, t, hash],
  );
}

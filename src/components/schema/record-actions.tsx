import { useCan } from '@refinedev/core';
import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { recordPath } from '../../resources/index';
import type { RouteEntry } from '../../resources/types';
import { fieldEntries } from '../../schemas/engine/entity';
import type { AnyEntity } from '../../schemas/engine/types';
import { ActionButtons } from './action-buttons';
import { useEntityMutation } from './use-entity-mutations';

/** A row's buttons: view, edit and delete as permitted, then the entity's transitions. */
export function RecordActions({ list, entity, record }: { list: RouteEntry; entity: AnyEntity; record: Record<string, unknown> }) {
  const { t } = useTranslation();
  const canEdit = useCan({ resource: list.fullPath, action: 'edit' }).data?.can;
  const canDelete = useCan({ resource: list.fullPath, action: 'delete' }).data?.can;
  const run = useEntityMutation(list);
  const id = record.id as number;
  const editable = fieldEntries(entity).some(([, field]) => field.edit === 'always');
  return (
    <Space size={0} wrap>
      <Link to={recordPath(list, 'show', record)!}>
        <Button type="link" size="small">
          {t('common:view')}
        </Button>
      </Link>
      {canEdit && editable && (
        <Link to={recordPath(list, 'edit', id)!}>
          <Button type="link" size="small">
            {t('common:edit')}
          </Button>
        </Link>
      )}
      <ActionButtons list={list} entity={entity} record={record} />
      {canDelete && (
        <Popconfirm
          title={t('common:deleteConfirm')}
          onConfirm={() => run.mutate({ action: 'delete', ids: [id] })}
          okText={t('common:ok')}
          cancelText={t('common:cancel')}
        >
          <Button type="link" size="small" danger>
            {t('common:delete')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}

import { useCan } from '@refinedev/core';
import { Button, Popconfirm, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RouteEntry } from '../../resources/types';
import type { ActionDecl, AnyEntity, FieldDecl } from '../../schemas/engine/types';
import { useEntityMutation } from './use-entity-mutations';

/** One declared transition for one record: hidden without the permission, disabled (saying why) from a wrong state. */
function ActionButton({
  list,
  entity,
  name,
  action,
  record,
}: {
  list: RouteEntry;
  entity: AnyEntity;
  name: string;
  action: ActionDecl;
  record: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  const can = useCan({ resource: list.fullPath, action: name }).data?.can;
  const run = useEntityMutation(list);
  const states = entity.states!;
  const state = String(record[states.field]);
  if (!can) return null;
  const label = t(action.label);
  if (!action.from.includes(state)) {
    const option = (entity.fields[states.field] as FieldDecl).options?.find((item) => item.value === state);
    return (
      <Tooltip title={t('common:stateRefused', { action: label, state: option ? t(option.label) : state })}>
        <Button type="link" size="small" disabled>
          {label}
        </Button>
      </Tooltip>
    );
  }
  const go = () => run.mutate({ action: name, ids: [record.id as number] });
  const button = (
    <Button type="link" size="small" loading={run.isPending} onClick={action.confirm ? undefined : go}>
      {label}
    </Button>
  );
  return action.confirm ? (
    <Popconfirm title={t('common:actionConfirm', { action: label })} onConfirm={go} okText={t('common:ok')} cancelText={t('common:cancel')}>
      {button}
    </Popconfirm>
  ) : (
    button
  );
}

/** The transitions an entity declares, for one record. */
export function ActionButtons({ list, entity, record }: { list: RouteEntry; entity: AnyEntity; record: Record<string, unknown> }) {
  return Object.entries(entity.states?.actions ?? {}).map(([name, action]) => (
    <ActionButton key={name} list={list} entity={entity} name={name} action={action} record={record} />
  ));
}

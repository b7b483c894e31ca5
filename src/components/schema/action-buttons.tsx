import { Button, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { RouteEntry } from '../../resources/types';
import type { EntityInfo } from '../../schemas/engine/info';
import type { ActionDecl } from '../../schemas/engine/types';
import { ConfirmOnClick } from './confirm-on-click';
import { useRowActions, type RowActions } from './use-row-actions';

interface TransitionProps {
  entity: EntityInfo;
  name: string;
  action: ActionDecl;
  record: Record<string, unknown>;
  actions: RowActions;
  t: TFunction;
}

/** One permitted transition for one record: disabled (saying why) from a wrong state. */
function TransitionButton({ entity, name, action, record, actions, t }: TransitionProps) {
  const states = entity.states!;
  const state = String(record[states.field]);
  const label = t(action.label);
  if (!action.from.includes(state)) {
    const option = entity.fields[states.field]!.options?.find((item) => item.value === state);
    return (
      // A disabled button fires no mouse events: the span around it shows the tooltip.
      <Tooltip title={t('common:stateRefused', { action: label, state: option ? t(option.label) : state })}>
        <span>
          <Button type="link" size="small" disabled>
            {label}
          </Button>
        </span>
      </Tooltip>
    );
  }
  const id = record.id as number;
  const go = () => actions.run({ action: name, ids: [id] });
  const button = (
    <Button type="link" size="small" loading={actions.running(name, id)} onClick={action.confirm ? undefined : go}>
      {label}
    </Button>
  );
  return action.confirm ? (
    <ConfirmOnClick title={t('common:actionConfirm', { action: label })} onConfirm={go} okText={t('common:ok')} cancelText={t('common:cancel')}>
      {button}
    </ConfirmOnClick>
  ) : (
    button
  );
}

/** The transitions the user may run on a record (a list works `actions` out once for all its rows). */
export function TransitionButtons({ entity, record, actions, t }: { entity: EntityInfo; record: Record<string, unknown>; actions: RowActions; t: TFunction }) {
  return actions.transitions.map((name) => (
    <TransitionButton key={name} entity={entity} name={name} action={entity.states!.actions[name]!} record={record} actions={actions} t={t} />
  ));
}

/** A record page's transitions. */
export function ActionButtons({ list, entity, record }: { list: RouteEntry; entity: EntityInfo; record: Record<string, unknown> }) {
  const { t } = useTranslation();
  return <TransitionButtons entity={entity} record={record} actions={useRowActions(list, entity)} t={t} />;
}

import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { RouteEntry } from '../../../../../model/resources/types';
import type { EntityInfo } from '../../../../../model/schemas/engine/info';
import type { ActionDecl } from '../../../../../model/schemas/engine/types';
import { HoverTooltip } from '../../hints/hover-tooltip';
import { ConfirmOnClick } from './confirm-on-click';
import { plainLinkButton } from '../shared/plain-antd';
import { useAntdHash } from '../shared/use-antd-hash';
import { useRowActions, type RowActions } from './use-row-actions';

interface TransitionProps {
  entity: EntityInfo;
  name: string;
  action: ActionDecl;
  record: Record<string, unknown>;
  actions: RowActions;
  t: TFunction;
  /** antd's theme class (plain-antd.tsx). */
  hash: string;
}

/** One permitted transition for one record: disabled (saying why) from a wrong state. Plain buttons: a list draws them in every row. */
function TransitionButton({ entity, name, action, record, actions, t, hash }: TransitionProps) {
  const states = entity.states!;
  const state = String(record[states.field]);
  const label = t(action.label);
  if (!action.from.includes(state)) {
    const option = entity.fields[states.field]!.options?.find((item) => item.value === state);
    return (
      // A disabled button fires no mouse events: the span around it shows the tooltip.
      <HoverTooltip title={t('common:stateRefused', { action: label, state: option ? t(option.label) : state })}>
        <span>{plainLinkButton(hash, label, { disabled: true })}</span>
      </HoverTooltip>
    );
  }
  const id = record.id as number;
  const go = () => actions.run({ action: name, ids: [id] });
  const running = actions.running(name, id);
  const button = plainLinkButton(hash, label, { loading: running, onClick: action.confirm ? undefined : go });
  // While it runs it asks nothing: a click on it goes nowhere, as on antd's loading Button.
  return action.confirm && !running ? (
    <ConfirmOnClick title={t('common:actionConfirm', { action: label })} onConfirm={go} okText={t('common:ok')} cancelText={t('common:cancel')}>
      {button}
    </ConfirmOnClick>
  ) : (
    button
  );
}

/** The transitions the user may run on a record (a list works `actions` out once for all its rows). */
export function TransitionButtons({ entity, record, actions, t, hash }: Omit<TransitionProps, 'name' | 'action'>) {
  return actions.transitions.map((name) => (
    <TransitionButton key={name} entity={entity} name={name} action={entity.states!.actions[name]!} record={record} actions={actions} t={t} hash={hash} />
  ));
}

/** A record page's transitions. */
export function ActionButtons({ list, entity, record }: { list: RouteEntry; entity: EntityInfo; record: Record<string, unknown> }) {
  const { t } = useTranslation();
  return <TransitionButtons entity={entity} record={record} actions={useRowActions(list, entity)} t={t} hash={useAntdHash()} />;
}

import { Flex, theme, Typography } from 'antd';
import { Link } from 'react-router';
import { entityListEntry, recordPath } from '../../../../model/resources/index';
import type { EntityInfo } from '../../../../model/schemas/engine/info';
import { TransitionButtons } from '../schema/actions/action-buttons';
import type { RowActions } from '../schema/actions/use-row-actions';
import { referenceOf, type CellContext } from '../schema/cells/cell-context';
import { cellContent } from '../schema/cells/cells';
import { formatDateTime } from '../schema/cells/format';
import type { Notice } from './use-unread-notices';

/** An alarm record as it stands now: what its state and status are. */
export type Alarm = Record<string, unknown> & { id: number; state: string; status: string };

export interface AlarmNoticeRowProps {
  notice: Notice;
  /** The alarm as it stands now (its state and status), once read. */
  alarm: Alarm | undefined;
  notices: EntityInfo;
  alarms: EntityInfo;
  /** The alarm records' buttons the user may press (acknowledge, close), worked out once for the drawer. */
  actions: RowActions;
  context: CellContext;
  /** A link of the notice was followed: it is read now. */
  onOpen: (notice: Notice) => void;
}

/**
 * One notice: why the alarm fired (its kind), on which topic and when, its robot, the alarm's state and
 * status as they are now, and the alarm's own buttons. Following its robot or its alarm marks it read.
 */
export function AlarmNoticeRow({ notice, alarm, notices, alarms, actions, context, onOpen }: AlarmNoticeRowProps) {
  const { token } = theme.useToken();
  const { t, hash } = context;
  const robot = referenceOf(notice, 'robotId').title ?? `#${notice.robotId}`;
  const open = () => onOpen(notice);
  return (
    <Flex vertical gap={6} style={{ padding: '12px 0', borderBottom: `1px solid ${token.colorBorderSecondary}` }} data-testid="alarm-notice-row">
      <Flex gap={8} align="center" wrap>
        {cellContent(notices.fields.kind!, notice.kind, context)}
        <Typography.Text strong>{notice.topic || '-'}</Typography.Text>
        <Typography.Text type="secondary">{formatDateTime(notice.alarmTime)}</Typography.Text>
      </Flex>
      <Flex gap={8} align="center" wrap>
        <Link to={recordPath(entityListEntry('robot')!, 'show', notice.robotId)!} title={t('alarmNotice:bell.robot')} onClick={open}>
          {robot}
        </Link>
        {alarm && cellContent(alarms.fields.state!, alarm.state, context)}
        {alarm && cellContent(alarms.fields.status!, alarm.status, context)}
      </Flex>
      <Flex gap={4} align="center" wrap>
        <Link to={recordPath(entityListEntry('alarm-record')!, 'show', notice.alarmId)!} onClick={open} data-testid="alarm-notice-record">
          {t('alarmNotice:bell.record')}
        </Link>
        {alarm && <TransitionButtons entity={alarms} record={alarm} actions={actions} t={t} hash={hash} />}
      </Flex>
    </Flex>
  );
}

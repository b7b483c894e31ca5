import { useMany } from '@refinedev/core';
import { Button, Drawer, Empty, Spin } from 'antd';
import { use, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { entityListEntry } from '../../../../model/resources/index';
import { loadEntityInfo } from '../../../providers/entity-info';
import { api } from '../../../providers/http';
import { presetValues } from '../../../providers/list-params';
import { notifier } from '../../../providers/notifier';
import { useBusy } from '../../hooks/use-busy';
import { useCatalogues } from '../../hooks/use-catalogues';
import { useRowActions } from '../schema/actions/use-row-actions';
import { useCellContext } from '../schema/cells/cell-context';
import { REFRESH_INTERVALS } from '../schema/list/refresh-select';
import { AlarmNoticeRow, type Alarm } from './alarm-notice-row';
import { useMarkRead } from './use-mark-read';
import { useUnreadNotices, type Notice } from './use-unread-notices';

/** The most ids one call takes (the entity API's ids payload): "mark all read" marks up to this many at once. */
const MARK_AT_ONCE = 1000;

/**
 * The bell's drawer: the newest unread notices, each with its alarm's state as it is now (read by the
 * alarms' ids while the drawer is open, every 10 s) and the alarm's buttons; "mark all read"; and the
 * way to every alarm record. Following a link of a notice marks it read and closes the drawer.
 */
export default function AlarmDrawer({ onClose }: { onClose: () => void }) {
  useCatalogues(['alarmNotice', 'alarmRecord']);
  const { t } = useTranslation();
  const notices = use(loadEntityInfo('alarm-notice'));
  const alarms = use(loadEntityInfo('alarm-record'));
  const alarmList = entityListEntry('alarm-record')!;
  const unread = useUnreadNotices(true);
  const alarmIds = useMemo(() => [...new Set(unread.notices.map((notice) => notice.alarmId))], [unread.notices]);
  const { result } = useMany<Alarm>({
    resource: alarmList.fullPath,
    ids: alarmIds,
    queryOptions: { enabled: alarmIds.length > 0, refetchInterval: REFRESH_INTERVALS['10s'] },
  });
  const byId = useMemo(() => new Map(result.data.map((alarm) => [alarm.id, alarm])), [result.data]);
  const actions = useRowActions(alarmList, alarms);
  const context = useCellContext();
  const markRead = useMarkRead();
  const { busy, whileBusy } = useBusy();

  const markAll = () =>
    whileBusy(async () => {
      const list = entityListEntry('alarm-notice')!;
      const page = await api.get<{ records: Notice[] }>(`${list.api}/query`, { ...presetValues(list), status: 'unread', pageSize: MARK_AT_ONCE });
      await markRead(page.records.map((notice) => notice.id));
      notifier.success(t('common:done'));
    });
  const opened = (notice: Notice) => {
    void markRead([notice.id]).catch(() => undefined); // a failure has been told; the link is followed all the same
    onClose();
  };

  return (
    <Drawer
      open
      width={480}
      title={t('alarmNotice:bell.title')}
      onClose={onClose}
      extra={
        <Button size="small" loading={busy} disabled={!unread.total} onClick={() => void markAll()} data-testid="alarm-read-all">
          {t('alarmNotice:bell.readAll')}
        </Button>
      }
      footer={
        <Link to={alarmList.fullPath} onClick={onClose} data-testid="alarm-records-link">
          {t('alarmNotice:bell.all')}
        </Link>
      }
    >
      <div data-testid="alarm-drawer">
        {unread.loading ? (
          <Spin />
        ) : unread.notices.length ? (
          unread.notices.map((notice) => (
            <AlarmNoticeRow
              key={notice.id}
              notice={notice}
              alarm={byId.get(notice.alarmId)}
              notices={notices}
              alarms={alarms}
              actions={actions}
              context={context}
              onOpen={opened}
            />
          ))
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('alarmNotice:bell.empty')} />
        )}
      </div>
    </Drawer>
  );
}

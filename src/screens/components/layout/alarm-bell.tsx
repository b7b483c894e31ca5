import { BellOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { entityListEntry } from '../../../../model/resources/index';
import { useAllowed } from '../../hooks/use-allowed';
import { useCatalogues } from '../../hooks/use-catalogues';
import { HoverTooltip } from '../hints/hover-tooltip';
import { AfterPaintGate } from './after-paint-gate';
import { useUnreadNotices } from './use-unread-notices';

/** The drawer's code (its list, the alarms' states and buttons) loads with the first click on the bell. */
const AlarmDrawer = lazy(() => import('./alarm-drawer'));

/**
 * The header's alarm bell, for the accounts that may read their alarm notices. Its room in the header
 * is taken in the first frame; the bell itself, with its own texts and count, comes after that frame
 * was painted, so neither holds the page's first paint and nothing beside it moves when it comes.
 */
export function AlarmBell() {
  const allowed = useAllowed(entityListEntry('alarm-notice')!.fullPath, 'list');
  if (!allowed) return null;
  const room = <span className="edp-alarm-bell-room" />;
  return (
    <AfterPaintGate before={room}>
      <Suspense fallback={room}>
        <Bell />
      </Suspense>
    </AfterPaintGate>
  );
}

/** The unread count on a badge, kept current every 10 s; a click opens the newest notices in a drawer. */
function Bell() {
  useCatalogues(['alarmNotice']);
  const { t } = useTranslation();
  const { total } = useUnreadNotices(true);
  const [open, setOpen] = useState(false);
  return (
    <>
      <HoverTooltip title={t('alarmNotice:bell.entry')}>
        <Button
          type="text"
          aria-label={t('alarmNotice:bell.entry')}
          onClick={() => setOpen(true)}
          data-testid="alarm-bell"
          icon={
            <Badge count={total} size="small" overflowCount={99} data-testid="alarm-bell-count">
              <BellOutlined />
            </Badge>
          }
        />
      </HoverTooltip>
      {open && (
        <Suspense>
          <AlarmDrawer onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

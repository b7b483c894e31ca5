import { SettingOutlined } from '@ant-design/icons';
import { Button, Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { memo } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../hooks/use-session';
import { topSections } from '../../../../model/resources/index';
import { FeedbackEntry } from '../feedback/feedback-entry';
import { HoverTooltip } from '../hints/hover-tooltip';
import { iconOf } from './icons';
import { LanguageToggle } from './language-toggle';
import { useLayoutControls } from './layout-context';
import { UserMenu } from './user-menu';
import { AfterPaintGate } from './after-paint-gate';
import { AlarmBell } from './alarm-bell';

/**
 * Spec §2: the sections the user may see, then the alarm bell (for those who may read their alarm
 * notices), feedback, language, settings and the user menu. Drawn again when the section changes,
 * not at every change of the address.
 */
export const TopBar = memo(function TopBar({ section: current }: { section: string | undefined }) {
  const { t } = useTranslation();
  const { permissions } = useSession();
  const { openSettings, navigate } = useLayoutControls();
  return (
    <div className="edp-top-bar">
      <Link to="/" className="edp-brand">
        <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={28} height={28} />
        <span>{t('login:brand')}</span>
      </Link>
      <AfterPaintGate before={<div className="edp-sections" />}>
        <Menu
          mode="horizontal"
          _internalDisableMenuItemTitleTooltip // a horizontal menu never shows an item's title tooltip; each would be a popup trigger mounted for nothing
          className="edp-sections"
          selectedKeys={current ? [`/${current}`] : []}
          items={topSections(permissions).map((section) => ({ key: section.fullPath, icon: iconOf(section.icon), label: t(section.label) }))}
          onClick={({ key }) => navigate(key)}
          data-testid="top-sections"
        />
      </AfterPaintGate>
      <div className="edp-header-tools">
        <AlarmBell />
        <FeedbackEntry />
        <LanguageToggle />
        <HoverTooltip title={t('layout:settings.entry')}>
          <Button type="text" icon={<SettingOutlined />} onClick={openSettings} aria-label={t('layout:settings.entry')} data-testid="settings-entry" />
        </HoverTooltip>
        <UserMenu />
      </div>
    </div>
  );
});

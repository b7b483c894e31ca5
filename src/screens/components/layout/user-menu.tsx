import { ClusterOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { useLogout } from '@refinedev/core';
import { Button, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../hooks/use-session';
import { canOpen, entryByPath } from '../../../../model/resources/index';
import { DeferredDropdown } from '../inputs/deferred-dropdown';
import { PERSONAL_CENTRE_PATH } from './personal-centre-path';

/** Spec §2: personal centre, the space console (everyone), the system console (internal:system_admin), logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { userInfo, permissions } = useSession();
  const { mutate: logout } = useLogout();
  const system = entryByPath.get('/console/system');

  const items: MenuProps['items'] = [
    { key: PERSONAL_CENTRE_PATH, icon: <UserOutlined />, label: t('layout:user.personal') },
    { key: '/console/space', icon: <ClusterOutlined />, label: t('layout:user.spaceConsole') },
    ...(system && canOpen(system, permissions) ? [{ key: '/console/system', icon: <SettingOutlined />, label: t('layout:user.systemConsole') }] : []),
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('layout:user.logout'), danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key !== 'logout') return navigate(key);
    logout();
  };

  return (
    <DeferredDropdown menu={{ items, onClick }} placement="bottomRight">
      <Button type="text" icon={<UserOutlined />} data-testid="user-menu">
        {userInfo?.name}
      </Button>
    </DeferredDropdown>
  );
}

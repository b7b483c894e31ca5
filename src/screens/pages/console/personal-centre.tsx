import { Card, Descriptions, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Cell } from '../../components/schema/cells/cells';
import { useSession } from '../../hooks/use-session';
import { canOpen, entryByPath } from '../../../../model/resources/index';
import { BasicInfoForm } from './basic-info-form';
import { PasswordForm } from './password-form';
import { useCatalogues } from '../../hooks/use-catalogues';

/** The locale namespaces it reads, loaded with its code (route-data.ts). */
export const catalogues = ['accessKey'];

/** The personal centre: who you are, your basic information, your password. */
export default function PersonalCentre() {
  useCatalogues(catalogues);
  const { t } = useTranslation();
  const { userInfo, permissions } = useSession();
  const accessKeys = entryByPath.get('/console/space/access-key');
  const [params, setParams] = useSearchParams();
  if (!userInfo) return null;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={t('personal:account')}
        extra={
          accessKeys &&
          canOpen(accessKeys, permissions) && (
            <Link to={accessKeys.fullPath} data-testid="access-keys-link">
              {t('accessKey:manage')}
            </Link>
          )
        }
      >
        <Descriptions column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label={t('account:fields.code')}>{userInfo.code}</Descriptions.Item>
          <Descriptions.Item label={t('account:fields.tenant')}>{`${userInfo.tenant.name} (${userInfo.tenant.code})`}</Descriptions.Item>
          <Descriptions.Item label={t('account:fields.role')}>{<Cell spec={{ widget: 'roles' }} value={userInfo.role} />}</Descriptions.Item>
          <Descriptions.Item label={t('account:fields.createdTime')}>{<Cell spec={{ widget: 'datetime' }} value={userInfo.createdTime} />}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card>
        <Tabs
          activeKey={params.get('tab') === 'password' ? 'password' : 'basic'}
          onChange={(tab) => setParams({ tab }, { replace: true })}
          items={[
            { key: 'basic', label: t('personal:basic'), children: <BasicInfoForm /> },
            { key: 'password', label: t('password:change'), children: <PasswordForm /> },
          ]}
        />
      </Card>
    </Space>
  );
}

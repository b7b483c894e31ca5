import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../hooks/use-session';

/** After an administrator set or reset the password, the owner is asked to choose their own. */
export function MustChangePasswordBanner() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { userInfo } = useSession();
  if (!userInfo?.mustChangePassword) return null;
  return (
    <Alert
      type="warning"
      showIcon
      banner
      message={t('layout:mustChangePassword.message')}
      action={
        <Button size="small" onClick={() => navigate('/console/space/personal?tab=password')}>
          {t('layout:mustChangePassword.action')}
        </Button>
      }
    />
  );
}

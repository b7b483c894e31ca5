import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** After an administrator set or reset the password, the owner is asked to choose their own (shown by the layout). */
export default function MustChangePasswordBanner() {
  const { t } = useTranslation();
  const navigate = useNavigate();
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

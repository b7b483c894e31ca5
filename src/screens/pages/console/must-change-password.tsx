import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PERSONAL_CENTRE_PATH } from '../../components/layout/personal-centre-path';

/**
 * Shown in place of every page but the personal centre while the account still has a password an
 * administrator set: the server answers such an account's other calls with 428, so the page would
 * only fill with refusals (and their notices would cover this way out).
 */
export default function MustChangePassword() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="warning"
      title={t('layout:mustChangePassword.message')}
      subTitle={t('layout:mustChangePassword.detail')}
      extra={
        <Button type="primary" onClick={() => navigate(`${PERSONAL_CENTRE_PATH}?tab=password`)}>
          {t('layout:mustChangePassword.action')}
        </Button>
      }
    />
  );
}

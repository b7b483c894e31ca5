import { Button, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Spec §2 error fallback: the title, the error text, an illustration and 返回首页. */
export default function ErrorFallback({ error, reset }: { error: Error; reset: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="500"
      title={t('layout:errorBoundary.title')}
      subTitle={
        <Typography.Text type="danger" data-testid="error-text">
          {error.message}
        </Typography.Text>
      }
      extra={
        <Button
          type="primary"
          onClick={() => {
            reset();
            navigate('/');
          }}
        >
          {t('layout:errorBoundary.home')}
        </Button>
      }
    />
  );
}

import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { ThemeProvider } from '../../components/theme/theme-provider';
import { useNavigate } from 'react-router';

const TEXT = { 403: 'layout:errorPages.forbidden', 404: 'layout:errorPages.notFound', 500: 'layout:errorPages.serverError' } as const;

/** The public /403, /404 and /500 pages of spec §2. */
export default function ErrorPage({ status }: { status: keyof typeof TEXT }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ThemeProvider>
      <Result
        status={status}
        title={status}
        subTitle={t(TEXT[status])}
        extra={
          <Button type="primary" onClick={() => navigate('/', { replace: true })}>
            {t('layout:errorPages.home')}
          </Button>
        }
      />
    </ThemeProvider>
  );
}

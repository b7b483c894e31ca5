import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { ThemeProvider } from '../../components/theme/theme-provider';

/** The public /visual route of spec §2; its screen comes with a later release. */
export default function VisualPage() {
  const { t } = useTranslation();
  return (
    <ThemeProvider>
      <div data-testid="not-yet-available">
        <Result status="info" title={t('layout:visual.title')} subTitle={t('layout:notYetAvailable.title')} />
      </div>
    </ThemeProvider>
  );
}

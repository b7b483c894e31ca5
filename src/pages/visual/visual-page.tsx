import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** The public /visual route of spec §2; its screen comes with a later release. */
export default function VisualPage() {
  const { t } = useTranslation();
  return <Result status="info" title={t('layout:visual.title')} subTitle={t('layout:notYetAvailable.title')} data-testid="not-yet-available" />;
}

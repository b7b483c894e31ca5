import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { matchEntry } from '../../../model/resources/index';

/** Shown inside the layout by a route whose page a later release brings. */
export default function NotYetAvailable() {
  const { t } = useTranslation();
  const entry = matchEntry(useLocation().pathname)?.entry;
  return (
    <div data-testid="not-yet-available">
      <Result
        status="info"
        title={t('layout:notYetAvailable.title')}
        subTitle={t('layout:notYetAvailable.description', { page: entry ? t(entry.label) : '' })}
      />
    </div>
  );
}

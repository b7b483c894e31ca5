import { SettingOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnChooserProps } from './column-chooser';

/** Its popup loads with the first click, not with every list. */
const ColumnChooser = lazy(() => import('./column-chooser'));

/** Shows or hides a list's columns. */
export function ColumnSettings(props: ColumnChooserProps) {
  const { t } = useTranslation();
  const [asked, setAsked] = useState(false);
  const button = <Button icon={<SettingOutlined />} aria-label={t('common:columns')} data-testid="column-settings" onClick={() => setAsked(true)} />;
  if (!asked) return button;
  return (
    <Suspense fallback={button}>
      <ColumnChooser {...props}>{button}</ColumnChooser>
    </Suspense>
  );
}

import { useTranslation } from 'react-i18next';
import { DeferredSelect } from '../../inputs/deferred-select';

/** Spec §9 refresh granularity: manual, 10 seconds, 1 minute, 5 minutes (as refetch intervals). */
export const REFRESH_INTERVALS = { manual: false, '10s': 10_000, '1m': 60_000, '5m': 300_000 } as const;
export type RefreshInterval = keyof typeof REFRESH_INTERVALS;

export function RefreshSelect({ value, onChange }: { value: RefreshInterval; onChange: (value: RefreshInterval) => void }) {
  const { t } = useTranslation();
  return (
    <DeferredSelect
      aria-label={t('common:refresh.label')}
      value={value}
      onChange={onChange}
      style={{ width: 120 }}
      options={(Object.keys(REFRESH_INTERVALS) as RefreshInterval[]).map((key) => ({ value: key, label: t(`common:refresh.${key}`) }))}
      data-testid="refresh-select"
    />
  );
}

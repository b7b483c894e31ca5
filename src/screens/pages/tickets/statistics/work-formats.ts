import { useTranslation } from 'react-i18next';
import { formatDuration, formatNumber } from '../../../components/schema/cells/format';

/** A figure the server could not work out (nothing accepted or timed yet to divide by). */
const NONE = '—';

/** Spec §9 formats of a ticket's work figures: counts with separators, rates in percent, time in d/h/m/s. */
export function useWorkFormats() {
  const { t } = useTranslation();
  const units = t('common:durationUnits', { returnObjects: true }) as [string, string, string, string];
  return {
    count: (value: number) => formatNumber(value, 0),
    percent: (rate: number | null) => (rate === null ? NONE : `${formatNumber(rate * 100, 1)}%`),
    duration: (seconds: number) => formatDuration(seconds, units),
    /** Items per hour or per day: a pace reads to one decimal. */
    pace: (value: number | null) => (value === null ? NONE : formatNumber(value, 1)),
  };
}
